// CPU per request of the request log: the service (embedded PGlite, so the database's work is in this process and
// counted) answers GET /v1/account over HTTP, one request after another, with the request log as it runs
// (lines and usage counts in memory, one batched write a second), with the log switched off (no line, no count),
// and with the usage count written by its own upsert on each request, as the service did before the log.
// Rounds alternate and the best of each is kept, so drift falls on every variant. The client runs in this process
// too; its share is the same in every variant, so the differences are the log's.
// Prints one JSON object. Usage: npm run bench:request-log [-- --requests 2000 --rounds 3]
import { Agent, request } from 'undici';
import { usageCycle } from '../src/engine/contas/usage-cycle.js';
import { FakeClock } from '../src/engine/nucleo/clock.js';
import type { RequestLine } from '../src/engine/contas/request-log.js';
import type { Principal } from '../src/engine/chaves/principal.js';
import { seedAccount } from '../test/support/seed.js';
import { startTestApp } from '../test/support/test-app.js';

const arg = (name: string, standard: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) || standard : standard;
};
const requests = arg('requests', 2000);
const rounds = arg('rounds', 3);

// The service's clock moves a minute every 100 requests: the 120-a-minute rate limit is not what is measured.
const clock = new FakeClock();
const t = await startTestApp({ worker: false, clock });
const account = await seedAccount(t.app.engine, 'bench');
const log = t.app.engine.requestLog as unknown as {
  record(line: RequestLine): void;
  count(p: Principal, at: Date): void;
  flush(): Promise<void>;
};
const { record, count } = { record: log.record.bind(log), count: log.count.bind(log) };
const db = t.app.engine.db;

const upserts: Array<Promise<unknown>> = [];
type Variant = 'with' | 'without' | 'upsertPerRequest';
// The instance the HTTP host holds is switched in place.
function use(variant: Variant) {
  log.record = variant === 'with' ? record : () => {};
  log.count =
    variant === 'with'
      ? count
      : variant === 'without'
        ? () => {}
        : (principal, at) => {
            // What a request cost before: one upsert on its own path (awaited there; here its CPU is what counts).
            const ciclo = usageCycle(at).ciclo;
            upserts.push(
              db.usageCounter.upsert({
                where: {
                  accountId_environment_ciclo: {
                    accountId: principal.accountId,
                    environment: principal.environment,
                    ciclo,
                  },
                },
                create: { accountId: principal.accountId, environment: principal.environment, ciclo, requisicoes: 1n },
                update: { requisicoes: { increment: 1n } },
              }),
            );
          };
}

const dispatcher = new Agent({ connections: 1 });
const headers = { authorization: `Bearer ${account.testKey}` };
async function run(n: number) {
  for (let i = 0; i < n; i++) {
    if (i % 100 === 0) clock.advance(60_000);
    const res = await request(`${t.url}/v1/account`, { headers, dispatcher });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  }
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function perRequest(variant: Variant): Promise<number> {
  use(variant);
  await run(200);
  await log.flush();
  const begin = cpuMs();
  await run(requests);
  // The batched write of what the round recorded (or the round's own upserts) is part of its cost.
  await log.flush();
  await Promise.all(upserts.splice(0));
  return (cpuMs() - begin) / requests;
}

const results: Record<Variant, number[]> = { with: [], without: [], upsertPerRequest: [] };
for (let round = 0; round < rounds; round++) {
  for (const variant of ['without', 'with', 'upsertPerRequest'] as const)
    results[variant].push(await perRequest(variant));
}
use('with');
const best = (xs: number[]) => Math.min(...xs);
const lines = await db.requestLogLine.count();
await dispatcher.close();
await t.close();

console.log(
  JSON.stringify({
    cpuMsPerRequestWith: Number(best(results.with).toFixed(4)),
    cpuMsPerRequestWithout: Number(best(results.without).toFixed(4)),
    logCpuMsPerRequest: Number((best(results.with) - best(results.without)).toFixed(4)),
    cpuMsPerRequestUsageUpsertPerRequest: Number(best(results.upsertPerRequest).toFixed(4)),
    requests,
    rounds,
    linesWritten: lines,
    database: process.env.DATABASE_URL ? 'postgresql (its CPU is not counted)' : 'pglite (in this process, counted)',
  }),
);
