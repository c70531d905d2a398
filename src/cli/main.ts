import { parseArgs } from 'node:util';
import { parseConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { createAccount } from '../engine/contas/create-account.js';
import { updateAccount } from '../engine/contas/update-account.js';
import { createApiKey } from '../engine/chaves/create-api-key.js';
import { revokeApiKey } from '../engine/chaves/revoke-api-key.js';
import { systemClock } from '../engine/nucleo/clock.js';
import { lockDataDir } from '../engine/nucleo/data-dir-lock.js';
import { migrate } from '../db/migrate.js';
import { join } from 'node:path';

/** `fiscal-api <command>`: every command prints one JSON object on stdout. */
const USAGE = `usage:
  fiscal-api accounts create --name N [--email E]
  fiscal-api accounts update --id ID [--plano ativo|inativo] [--email E]
  fiscal-api keys create --account ID --env test|live [--empresa ID]
  fiscal-api keys revoke --id ID
  fiscal-api migrate
  fiscal-api serve [--role api|worker|all]
  fiscal-api simulator [--port N]`;

async function main(argv: string[]): Promise<unknown> {
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
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const db = await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite'), migrate: command !== 'migrate' });
    try {
      return await task({ db, deps: { db: db.prisma, clock: systemClock } });
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

type Task = (ctx: { db: Database; deps: { db: Database['prisma']; clock: typeof systemClock } }) => Promise<unknown>;

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
      if (values.plano === undefined && values.email === undefined) throw new UsageError(`give --plano or --email\n${USAGE}`);
      const plano = values.plano === undefined ? undefined : oneOf(values.plano, '--plano', ['ativo', 'inativo'] as const);
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
    default:
      throw new UsageError(USAGE);
  }
}

class UsageError extends Error {}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required\n${USAGE}`);
  return value;
}

function oneOf<T extends string>(value: string | undefined, flag: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new UsageError(`${flag} must be ${allowed.join(' or ')}\n${USAGE}`);
  return value as T;
}

main(process.argv.slice(2)).then(
  (result) => {
    if (result !== undefined) process.stdout.write(`${JSON.stringify(result)}\n`);
  },
  (err: Error) => {
    process.stdout.write(`${JSON.stringify({ erro: err.message })}\n`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
