// The service process of bench/batch.ts: the composition root (createApp, as `fiscal-api serve` runs it, API +
// worker) on DATA_DIR, or on DATABASE_URL/REDIS_URL in the schema BENCH_PG_SCHEMA. Seeds an account, a company
// with its certificate and BENCH_KEYS live keys (the bench polls over HTTP and spreads the calls over them, under
// the 120/min limit of a key), then prints one JSON line: { url, companyId, keys }.
import { appendFileSync } from 'node:fs';
import { parseConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { createApp } from '../src/main.js';
import { seedAccount } from '../test/support/seed.js';

const app = await createApp({
  config: parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
  logger: createLogger('silent'),
  pgSchema: process.env.BENCH_PG_SCHEMA || undefined,
});
const url = await app.listen();
const account = await seedAccount(app.engine, 'bench-batch');
const company = await account.company();
const keys = [account.liveKey];
while (keys.length < Number(process.env.BENCH_KEYS ?? 10)) keys.push(await account.key('live'));
process.stdout.write(`${JSON.stringify({ url, companyId: company.id, keys })}\n`);
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
// BENCH_MEMORY_LOG=<file>: twice a second, RSS and V8 heap/external figures (MB), to see what a phase's peak is made of.
if (process.env.BENCH_MEMORY_LOG) {
  const log = process.env.BENCH_MEMORY_LOG;
  const mb = (n: number) => Math.round(n / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    appendFileSync(log, `${new Date().toISOString().slice(11, 19)} rss=${mb(m.rss)} heapUsed=${mb(m.heapUsed)} heapTotal=${mb(m.heapTotal)} external=${mb(m.external)} arrayBuffers=${mb(m.arrayBuffers)}\n`);
  }, 500).unref();
}
