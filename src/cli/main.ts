import { parseArgs } from 'node:util';
import { parseConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { createAccount } from '../engine/contas/create-account.js';
import { updateAccount } from '../engine/contas/update-account.js';
import { createApiKey } from '../engine/chaves/create-api-key.js';
import { revokeApiKey } from '../engine/chaves/revoke-api-key.js';
import { createConvite } from '../engine/pessoas/create-convite.js';
import { setPessoaPassword } from '../engine/pessoas/set-pessoa-password.js';
import { systemClock } from '../engine/nucleo/clock.js';
import { lockDataDir } from '../engine/nucleo/data-dir-lock.js';
import { migrate } from '../db/migrate.js';
import { listDeadJobs } from '../engine/fila/list-dead-jobs.js';
import { loteSettlement } from '../engine/lotes/lote-settlement.js';
import { createLocalPubSub } from '../engine/nucleo/pubsub.js';
import { retryDeadNfe } from '../engine/nfe/retry-dead-nfe.js';
import { retryDeadNfse } from '../engine/nfse/transmissao/retry-dead-nfse.js';
import { join } from 'node:path';

/** `fiscal-api <command>`: every command prints one JSON object on stdout. */
const USAGE = `usage:
  fiscal-api accounts create --name N [--email E]
  fiscal-api accounts update --id ID [--plano ativo|inativo] [--email E]
  fiscal-api keys create --account ID --env test|live [--empresa ID]
  fiscal-api keys revoke --id ID
  fiscal-api painel senha --email E [--conta ID]     (the password from FISCAL_PAINEL_SENHA or stdin)
  fiscal-api painel convite --email E [--conta ID]
  fiscal-api jobs dead [--account ID]
  fiscal-api jobs retry --id JOB_ID
  fiscal-api migrate
  fiscal-api serve [--role api|worker|all]
  fiscal-api simulator [--port N]`;

async function main(argv: string[], painelSenha: string | undefined): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      id: { type: 'string' },
      plano: { type: 'string' },
      account: { type: 'string' },
      env: { type: 'string' },
      empresa: { type: 'string' },
      role: { type: 'string' },
      port: { type: 'string' },
      conta: { type: 'string' },
    },
  });
  const command = positionals.join(' ');
  const config = parseConfig();
  // The server (and everything it imports) loads only for `serve`: the other commands start faster.
  if (command === 'serve') {
    const { serve } = await import('./serve.js');
    return serve(config, (values.role ?? 'all') as 'api' | 'worker' | 'all');
  }
  if (command === 'simulator') {
    const { runSimulator } = await import('./run-simulator.js');
    return runSimulator(config, values.port ? Number(values.port) : undefined);
  }

  // Arguments are checked before the database is opened: a typo fails at once and touches nothing.
  const task = planCommand(command, values);
  // Read before the database opens, so a missing password fails fast; never an argument (it would show in `ps`).
  const senha = command === 'painel senha' ? await readPassword(painelSenha) : '';
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const db = await openDatabase({
      url: config.databaseUrl,
      pgbouncer: config.databasePgbouncer,
      directUrl: config.databaseDirectUrl,
      pgliteDir: join(config.dataDir, 'pglite'),
      migrate: command !== 'migrate',
    });
    try {
      return await task({ db, deps: { db: db.prisma, clock: systemClock }, senha });
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

type Task = (ctx: {
  db: Database;
  deps: { db: Database['prisma']; clock: typeof systemClock };
  senha: string;
}) => Promise<unknown>;

function planCommand(command: string, values: Record<string, string | undefined>): Task {
  switch (command) {
    case 'migrate':
      return async ({ db }) => ({ aplicadas: await db.migrateWith((runner) => migrate(runner)) });
    case 'accounts create': {
      const name = required(values.name, '--name');
      return ({ deps }) => createAccount(deps, { name, email: values.email ?? null });
    }
    case 'accounts update': {
      const id = required(values.id, '--id');
      if (values.plano === undefined && values.email === undefined)
        throw new UsageError(`give --plano or --email\n${USAGE}`);
      const plano =
        values.plano === undefined ? undefined : oneOf(values.plano, '--plano', ['ativo', 'inativo'] as const);
      return ({ deps }) => updateAccount(deps, { id, plano, email: values.email });
    }
    case 'keys create': {
      const accountId = required(values.account, '--account');
      const environment = oneOf(values.env, '--env', ['test', 'live'] as const);
      return ({ deps }) => createApiKey(deps, { accountId, environment, companyId: values.empresa ?? null });
    }
    case 'keys revoke': {
      const id = required(values.id, '--id');
      return ({ deps }) => revokeApiKey(deps, { id });
    }
    case 'painel senha': {
      const email = required(values.email, '--email');
      return ({ deps, senha }) => setPessoaPassword(deps, { email, senha, accountId: values.conta ?? null });
    }
    case 'jobs dead':
      return async ({ deps }) => ({ jobs: await listDeadJobs(deps, { accountId: values.account }) });
    case 'jobs retry': {
      const id = required(values.id, '--id');
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
        throw new UsageError(`--id must be a job id (a UUID, from jobs dead)\n${USAGE}`);
      return ({ deps }) => retryDeadJob(deps, id);
    }
    case 'painel convite': {
      const email = required(values.email, '--email');
      return ({ deps }) => createConvite(deps, { email, accountId: values.conta ?? null });
    }
    default:
      throw new UsageError(USAGE);
  }
}

class UsageError extends Error {}

/**
 * A dead job due again, its document back in transmission (retryDeadNfse, retryDeadNfe). The command's process
 * has no subscribers to tell: the workers pick the job up from the database, and a note's followers see it move
 * with its next change.
 */
async function retryDeadJob(deps: { db: Database['prisma']; clock: typeof systemClock }, id: string) {
  const [job] = await listDeadJobs(deps, { id });
  if (job?.documento === 'nfe') {
    const nfe = await retryDeadNfe(deps, id);
    return { id, documento: 'nfe', documento_id: nfe.id, status: nfe.status };
  }
  const nfse = await retryDeadNfse({ ...deps, pubsub: createLocalPubSub(), lotes: loteSettlement }, id);
  return { id, documento: 'nfse', documento_id: nfse.id, status: nfse.status };
}

/** FISCAL_PAINEL_SENHA, else all of stdin without its final line break. */
async function readPassword(fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) throw new UsageError(`give the password in FISCAL_PAINEL_SENHA or on stdin\n${USAGE}`);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required\n${USAGE}`);
  return value;
}

function oneOf<T extends string>(value: string | undefined, flag: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new UsageError(`${flag} must be ${allowed.join(' or ')}\n${USAGE}`);
  return value as T;
}

// The panel password is the one secret a command reads from the environment; config holds none of it.
main(process.argv.slice(2), process.env.FISCAL_PAINEL_SENHA).then(
  (result) => {
    if (result !== undefined) process.stdout.write(`${JSON.stringify(result)}\n`);
  },
  (err: Error) => {
    process.stdout.write(`${JSON.stringify({ erro: err.message })}\n`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
