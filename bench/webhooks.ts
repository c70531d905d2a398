// Webhook delivery on PostgreSQL (DATABASE_URL, default the local server). Prints one JSON object:
// - rawPostsPerSecond: a plain undici POST loop to the local receiver (the physical limit here) sending the
//   deliveries' very requests: the same body and the same headers of spec 6.1 with values of the same sizes
//   (distinct event and delivery ids, fixed signatures: nothing is computed per request);
// - rawBarePostsPerSecond: the same loop with Content-Type as the only header (the limit for requests that carry
//   none of the spec's headers), and ratioToBareRaw against it;
// - deliveriesPerSecond: the service delivering a backlog of events (fan-out, claim, signed POST, record);
// - p50Ms / p99Ms: from the committed state change (appendEvents' transaction) to receipt, at a steady event rate
//   with the worker running as `fiscal-api serve` runs it;
// - rawCpuUsPerPost / cpuUsPerDelivery: this process's CPU (receiver included in both) per POST and per
//   delivery, and cpuRatioToRaw between them: the ratio that holds on a machine shared with other load, where
//   the per-second figures follow the load (printed as loadAverage);
// - postgresCpuUsPerDelivery: CPU of every PostgreSQL process of this machine per delivery during the drain
//   (meaningful on a quiet machine only).
// Both sides are measured warm: the raw loop and the drain each run once unmeasured first (the first few
// thousand requests of a cold process run at a third of the warm rate, which is JIT warm-up, not the limit).
// Usage: npm run bench:webhooks [-- --events 4000 --rate 200 --seconds 10 --profile drain.cpuprofile]
// --profile writes a V8 CPU profile of the measured drain alone, for chrome://inspect or any .cpuprofile reader.
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const EVENTS = arg('events', 4000);
const RATE = arg('rate', 200);
const SECONDS = arg('seconds', 10);
const CONCURRENCY = 64;
const profileIndex = process.argv.indexOf('--profile');
const PROFILE = profileIndex > 0 ? process.argv[profileIndex + 1] : undefined;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const { startTestApp } = await import('../test/support/test-app.js');
const { seedAccount } = await import('../test/support/seed.js');
const { emitEvent } = await import('../test/webhooks/kit.js');
const { startWebhookWorker } = await import('../src/engine/webhooks/webhook-worker.js');

// The receiver notes when each event id arrives.
const arrivals = new Map<string, number>();
let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = req.headers['x-service-event-id'];
    if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now());
    received++;
    res.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

// 1. Raw POST loops: the same receiver, the same body size, 64 in flight; a warm-up round, then the measured one.
const rawPool = new Pool(receiverUrl, { connections: CONCURRENCY });
const body = JSON.stringify({ tipo: 'NFSE_AUTORIZADA', dados: { id: 'x'.repeat(36), status: 'autorizada' } });
const cpuOf = (since: NodeJS.CpuUsage) => { const u = process.cpuUsage(since); return u.user + u.system; };
const hex64 = 'ab'.repeat(32);
const timestamp = String(Math.floor(Date.now() / 1000));
const ids = Array.from({ length: EVENTS * 2 }, () => randomUUID());
/** A delivery's request: Content-Type and the spec 6.1 headers, with values of the sizes the service sends. */
const deliveryHeaders = (i: number) => [
  'content-type', 'application/json',
  'x-service-event', 'NFSE_AUTORIZADA',
  'x-service-event-id', ids[i]!,
  'x-service-delivery-id', ids[EVENTS + i]!,
  'x-service-timestamp', timestamp,
  'x-service-signature-v2', `t=${timestamp},v1=${hex64}`,
  'x-service-signature', hex64,
];
const bareHeaders = () => ['content-type', 'application/json'];
async function rawRound(headers: (i: number) => string[]) {
  let done = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (done < EVENTS) {
      const res = await rawPool.request({ path: '/raw', method: 'POST', body, headers: headers(done++) });
      await res.body.dump();
    }
  }));
}
async function measureRaw(headers: (i: number) => string[]) {
  await rawRound(headers);
  arrivals.clear();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await rawRound(headers);
  const perSecond = EVENTS / ((performance.now() - start) / 1000);
  arrivals.clear();
  return { perSecond, cpuUsPerPost: cpuOf(cpu) / EVENTS };
}
const bare = await measureRaw(bareHeaders);
const raw = await measureRaw(deliveryHeaders);
const rawPostsPerSecond = raw.perSecond;
const rawCpuUsPerPost = raw.cpuUsPerPost;
await rawPool.close();

/** User + system CPU (ms) of every PostgreSQL process of this machine, from /proc (USER_HZ 100). */
function postgresCpuMs(): number {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process ended while it was read.
    }
  }
  return ms;
}

const t = await startTestApp({ worker: false, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
const engine = t.app.engine;
const account = await seedAccount(engine);
const created = await fetch(`${t.url}/v1/webhooks`, {
  method: 'POST',
  headers: { authorization: `Bearer ${account.liveKey}`, 'content-type': 'application/json' },
  body: JSON.stringify({ url: `${receiverUrl}/hook`, eventos: ['NFSE_AUTORIZADA'] }),
});
if (created.status !== 201) throw new Error(`webhook not created: ${created.status} ${await created.text()}`);

// 2. Throughput: a backlog of committed events, then the worker drains it; once to warm up, then measured.
async function backlog(prefix: string) {
  for (let i = 0; i < EVENTS; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, EVENTS - i) }, (_, j) => emitEvent(engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: `${prefix}-${i + j}` })));
  }
}
await backlog('warm');
let worker = startWebhookWorker(engine);
while (arrivals.size < EVENTS) await sleep(5);
await worker.stop();
arrivals.clear();

await backlog('backlog');
const profiler = PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
  await profiler.post('Profiler.start');
}
const drainPostgresCpu = postgresCpuMs();
const drainCpu = process.cpuUsage();
const drainStart = performance.now();
worker = startWebhookWorker(engine);
while (arrivals.size < EVENTS) await sleep(5);
const deliveriesPerSecond = EVENTS / ((performance.now() - drainStart) / 1000);
const cpuUsPerDelivery = cpuOf(drainCpu) / EVENTS;
const postgresCpuUsPerDelivery = ((postgresCpuMs() - drainPostgresCpu) * 1000) / EVENTS;
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  await writeFile(PROFILE!, JSON.stringify(profile));
  profiler.disconnect();
}
await worker.stop();
arrivals.clear();

// 3. Latency: events committed at a steady rate while the worker runs; commit → receipt per event.
worker = startWebhookWorker(engine);
const committedAt = new Map<string, number>();
const latencyStart = performance.now();
let sent = 0;
while (performance.now() - latencyStart < SECONDS * 1000) {
  const due = Math.floor(((performance.now() - latencyStart) / 1000) * RATE);
  // At most 8 commits at once (as the backlog is written): a loaded machine that falls behind the rate must not
  // queue more transactions than the pool holds (Prisma gives a transaction 2 s to start).
  for (; sent < due; ) {
    const batch = [];
    for (; sent < due && batch.length < 8; sent++) {
      batch.push(emitEvent(engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: `steady-${sent}` }).then((e) => committedAt.set(e!.id, performance.now())));
    }
    await Promise.all(batch);
  }
  await sleep(2);
}
const deadline = performance.now() + 30_000;
while ([...committedAt.keys()].some((id) => !arrivals.has(id)) && performance.now() < deadline) await sleep(10);
await worker.stop();
const latencies = [...committedAt].filter(([id]) => arrivals.has(id)).map(([id, at]) => Math.max(0, arrivals.get(id)! - at)).sort((a, b) => a - b);
const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]! * 10) / 10;

console.log(JSON.stringify({
  deliveriesPerSecond: Math.round(deliveriesPerSecond),
  rawPostsPerSecond: Math.round(rawPostsPerSecond),
  ratioToRaw: Math.round((deliveriesPerSecond / rawPostsPerSecond) * 100) / 100,
  rawBarePostsPerSecond: Math.round(bare.perSecond),
  ratioToBareRaw: Math.round((deliveriesPerSecond / bare.perSecond) * 100) / 100,
  rawCpuUsPerPost: Math.round(rawCpuUsPerPost),
  cpuUsPerDelivery: Math.round(cpuUsPerDelivery),
  cpuRatioToRaw: Math.round((rawCpuUsPerPost / cpuUsPerDelivery) * 100) / 100,
  postgresCpuUsPerDelivery: Math.round(postgresCpuUsPerDelivery),
  p50Ms: pct(50),
  p99Ms: pct(99),
  latencyEvents: committedAt.size,
  latencyLost: committedAt.size - latencies.length,
  backlogEvents: EVENTS,
  eventRatePerSecond: RATE,
  receivedTotal: received,
  database: 'postgresql',
  loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
}));
await t.close();
receiver.close();
process.exit(0);
