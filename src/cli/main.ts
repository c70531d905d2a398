import { parseArgs } from 'node:util';
import { parseConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createAccount } from '../engine/accounts/create-account.js';
import { updateAccount } from '../engine/accounts/update-account.js';
import { createApiKey } from '../engine/auth/create-api-key.js';
import { revokeApiKey } from '../engine/auth/revoke-api-key.js';
import { systemClock } from '../engine/kernel/clock.js';
import { lockDataDir } from '../engine/kernel/data-dir-lock.js';
import { migrate } from '../db/migrate.js';
import { join } from 'node:path';
import { serve } from './serve.js';

/** `fiscal-api <command>`: every command prints one JSON object on stdout (DESIGN.md). */
const USAGE = `usage:
  fiscal-api accounts create --name N
  fiscal-api accounts update --id ID --plano ativo|inativo
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
  if (command === 'serve') return serve(config, (values.role ?? 'all') as 'api' | 'worker' | 'all');
  if (command === 'simulator') {
    const { runSimulator } = await import('./simulator.js');
    return runSimulator(config, values.port ? Number(values.port) : undefined);
  }

  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const db = await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite'), migrate: command !== 'migrate' });
  const deps = { db: db.prisma, clock: systemClock };
  try {
    switch (command) {
      case 'migrate':
        return { aplicadas: await db.migrateWith((runner) => migrate(runner)) };
      case 'accounts create':
        return await createAccount(deps, { name: required(values.name, '--name') });
      case 'accounts update':
        return await updateAccount(deps, { id: required(values.id, '--id'), plano: required(values.plano, '--plano') as 'ativo' });
      case 'keys create':
        return await createApiKey(deps, {
          accountId: required(values.account, '--account'),
          environment: required(values.env, '--env') as 'test',
          companyId: values.empresa ?? null,
        });
      case 'keys revoke':
        return await revokeApiKey(deps, { id: required(values.id, '--id') });
      default:
        throw new UsageError(USAGE);
    }
  } finally {
    await db.close();
    release();
  }
}

class UsageError extends Error {}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required\n${USAGE}`);
  return value;
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
