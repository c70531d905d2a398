// One process of the multi-process tests: the composition root as `fiscal-api serve --role <CHILD_ROLE>` runs it,
// on DATABASE_URL + REDIS_URL and the shared DATA_DIR (the simulated national side lives there, so every process
// sees one national system). Prints one JSON line when ready. CHILD_PG_SCHEMA: PostgreSQL schema;
// CHILD_SEED=1: creates an account with a company and prints its keys; CHILD_CLOCK_OFFSET_MS: the clock runs
// this far ahead (a replacement worker "after" the dead one's leases); CHILD_NATIONAL_TIMEOUT_MS; CHILD_SEED_KEYS=n:
// n more test keys of the seeded account, printed as `keys` (load from many clients, each under its key's limit).
import { parseConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/create-logger.js';
import { createApp, type Role } from '../../../src/create-app.js';
import { seedAccount } from '../seed.js';
import { simulatorSigner } from '../test-keys.js';

const offset = Number(process.env.CHILD_CLOCK_OFFSET_MS ?? 0);
const config = parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const app = await createApp({
  config,
  role: (process.env.CHILD_ROLE ?? 'all') as Role,
  clock: { now: () => new Date(Date.now() + offset) },
  logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
  pgSchema: process.env.CHILD_PG_SCHEMA || undefined,
  simulatorSigner: simulatorSigner(),
  nationalTimeoutMs: Number(process.env.CHILD_NATIONAL_TIMEOUT_MS ?? 30_000),
  keyRecheckMs: 500,
});
const url = await app.listen();
let seed = {};
if (process.env.CHILD_SEED) {
  const account = await seedAccount(app.engine);
  const company = await account.company();
  const keys: string[] = [];
  for (let i = 0; i < Number(process.env.CHILD_SEED_KEYS ?? 0); i++) keys.push(await account.key('test'));
  seed = {
    accountId: account.accountId,
    testKey: account.testKey,
    liveKey: account.liveKey,
    companyId: company.id,
    keys,
  };
}
process.stdout.write(`${JSON.stringify({ url, pid: process.pid, ...seed })}\n`);
// The same drain as a stop by signal (SHUTDOWN_DRAIN_SECONDS, 0 under vitest), without its grace deadline.
process.once('SIGTERM', () => {
  void app.close({ drainMs: config.shutdownDrainSeconds * 1000 }).finally(() => process.exit(0));
});
