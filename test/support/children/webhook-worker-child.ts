// Child process of the webhook process tests: the composition root in one role on DATA_DIR, or on DATABASE_URL
// with CHILD_PG_SCHEMA. Prints one JSON line when running. CHILD_ROLE: all (default) or worker;
// CHILD_CLOCK_OFFSET_MS: the clock runs this far ahead (a restart "later"); CHILD_SEED=1: creates an account and
// prints its live key (CHILD_SEED=empresa: and a company with its certificate, and prints its id).
import { parseConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/create-logger.js';
import { createApp, type Role } from '../../../src/create-app.js';
import { readPgliteTemplate } from '../pglite-template.js';
import { seedAccount } from '../seed.js';
import { simulatorSigner } from '../test-keys.js';

const offset = Number(process.env.CHILD_CLOCK_OFFSET_MS ?? 0);
const config = parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const app = await createApp({
  config,
  role: (process.env.CHILD_ROLE as Role | undefined) ?? 'all',
  clock: { now: () => new Date(Date.now() + offset) },
  logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
  pgSchema: process.env.CHILD_PG_SCHEMA || undefined,
  simulatorSigner: simulatorSigner(),
  pgliteTemplate: readPgliteTemplate(),
});
const url = await app.listen();
let seed = {};
if (process.env.CHILD_SEED) {
  const account = await seedAccount(app.engine);
  const company = process.env.CHILD_SEED === 'empresa' ? { companyId: (await account.company()).id } : {};
  seed = { liveKey: account.liveKey, accountId: account.accountId, ...company };
}
process.stdout.write(`${JSON.stringify({ url, ...seed })}\n`);
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
