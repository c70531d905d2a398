// One process of the graceful-stop test: the composition root as `fiscal-api serve --role <CHILD_ROLE>` runs it,
// stopped by the same signal handling as serve (stopOnSignals, SHUTDOWN_GRACE_SECONDS). Prints one JSON line when
// ready. CHILD_PG_SCHEMA: PostgreSQL schema; CHILD_SEED=1: an account with a company, keys printed;
// CHILD_SLOW_MS: the wait of the simulator's processamento_lento; CHILD_CLOSE_SIMULATOR=1: this process's
// simulator is closed once started, so the first attempt a request makes is refused before anything is sent and
// the note's job is left to the workers, which send it themselves.
import { parseConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/create-logger.js';
import { createApp, type Role } from '../../../src/create-app.js';
import { stopOnSignals } from '../../../src/cli/stop-on-signals.js';
import { seedAccount } from '../seed.js';
import { simulatorSigner } from '../test-keys.js';

const config = parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
const app = await createApp({
  config,
  role: (process.env.CHILD_ROLE ?? 'all') as Role,
  logger,
  pgSchema: process.env.CHILD_PG_SCHEMA || undefined,
  simulatorSigner: simulatorSigner(),
  simulatorDelays: process.env.CHILD_SLOW_MS ? { slowMs: Number(process.env.CHILD_SLOW_MS) } : undefined,
});
const url = await app.listen();
if (process.env.CHILD_CLOSE_SIMULATOR) await app.simulator.close();
let seed = {};
if (process.env.CHILD_SEED) {
  const account = await seedAccount(app.engine);
  const company = await account.company();
  seed = { accountId: account.accountId, testKey: account.testKey, companyId: company.id };
}
stopOnSignals(app, {
  graceMs: config.shutdownGraceSeconds * 1000,
  drainMs: config.shutdownDrainSeconds * 1000,
  logger,
});
process.stdout.write(`${JSON.stringify({ url, pid: process.pid, ...seed })}\n`);
