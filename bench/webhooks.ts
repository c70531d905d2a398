// Webhook delivery on PostgreSQL (DATABASE_URL, default the local server). Prints one JSON object:
// - rawPostsPerSecond: a plain undici POST loop to the local receiver (the physical limit here) sending the
//   deliveries' very requests: the same body and the same X-Service-* headers with values of the same sizes
//   (distinct event and delivery ids, fixed signatures: nothing is computed per request);
// - rawDispatchPostsPerSecond: the same requests through undici's dispatch interface, keeping only the status
//   as the worker does (post-for-status.ts), and ratioToRawDispatch against it: request() builds a response
//   stream per POST that the worker does not, so this is the stricter limit;
// - rawBarePostsPerSecond: the same loop with Content-Type as the only header, and ratioToBareRaw against it;
// - deliveriesPerSecond: the service delivering a backlog of committed events (fan-out, signed POST, record),
//   with the worker as `fiscal-api serve` runs it;
// - ratioToRaw: deliveries per second over raw POSTs per second. A shared machine's speed drifts within a
//   minute, so the figures come from --rounds rounds of bare loop, raw loops and drain, each --events long and
//   seconds apart: every ratio is taken within its round, and the printed figures are the medians (each round
//   is in `rounds`); nine rounds by default, so that a single drift barely moves the median;
// - p50Ms / p99Ms: from the committed state change (appendEvents' transaction) to receipt, at a steady event rate;
// - rawCpuUsPerPost / cpuUsPerDelivery: this process's CPU (receiver included in both) per POST and per
//   delivery, and cpuRatioToRaw between them; postgresCpuUsPerDelivery: CPU of every PostgreSQL process of
//   this machine per delivery during the drains (meaningful on a quiet machine only). Medians of the rounds.
// Everything is measured warm: one unmeasured round runs first (the first few thousand requests of a cold
// process measure JIT warm-up, not the limit).
// Usage: npm run bench:webhooks [-- --events 10000 --rounds 9 --rate 200 --seconds 10 --profile drain.cpuprofile]
// --profile writes a V8 CPU profile of the measured drains, for chrome://inspect or any .cpuprofile reader.
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { postgresCpuMs } from './postgres-cpu-ms.js';
import { startFlags } from './start-flags.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
// The worker runs in this process with the V8 flags of `npm start` (package.json's bench:webhooks script passes
// them; this refuses to run when the two drift apart).
const missing = startFlags().filter((f) => !process.execArgv.includes(f));
if (missing.length > 0)
  throw new Error(`run with the node flags of npm start (npm run bench:webhooks): missing ${missing.join(' ')}`);
const EVENTS = arg('events', 10000);
const ROUNDS = arg('rounds', 9);
const RATE = arg('rate', 200);
const SECONDS = arg('seconds', 10);
const CONCURRENCY = 64;
const profileIndex = process.argv.indexOf('--profile');
const PROFILE = profileIndex > 0 ? process.argv[profileIndex + 1] : undefined;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const { startTestApp } = await import('../test/support/test-app.js');
const { seedAccount } = await import('../test/support/seed.js');
const { emitEvent } = await import('../test/support/webhooks.js');
const { appendEvents } = await import('../src/engine/eventos/append-events.js');
const { startWebhookWorker } = await import('../src/worker/webhook-worker.js');

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

// 1. Raw POST loops: the same receiver, the same body size, 64 in flight (run in the rounds of part 2).
const rawPool = new Pool(receiverUrl, { connections: CONCURRENCY });
const body = JSON.stringify({ tipo: 'NFSE_AUTORIZADA', dados: { id: 'x'.repeat(36), status: 'autorizada' } });
const cpuOf = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return u.user + u.system;
};
const hex64 = 'ab'.repeat(32);
const timestamp = String(Math.floor(Date.now() / 1000));
const ids = Array.from({ length: EVENTS * 2 }, () => randomUUID());
/** A delivery's request: Content-Type and the X-Service-* headers, with values of the sizes the service sends. */
const deliveryHeaders = (i: number) => [
  'content-type',
  'application/json',
  'x-service-event',
  'NFSE_AUTORIZADA',
  'x-service-event-id',
  ids[i]!,
  'x-service-delivery-id',
  ids[EVENTS + i]!,
  'x-service-timestamp',
  timestamp,
  'x-service-signature-v2',
  `t=${timestamp},v1=${hex64}`,
  'x-service-signature',
  hex64,
];
const bareHeaders = () => ['content-type', 'application/json'];
async function rawRound(headers: (i: number) => string[]) {
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (done < EVENTS) {
        const res = await rawPool.request({ path: '/raw', method: 'POST', body, headers: headers(done++) });
        await res.body.dump();
      }
    }),
  );
}
/** The same requests through undici's dispatch interface, status only, as the worker sends them (post-for-status.ts). */
const dispatchPost = (headers: string[]) =>
  new Promise<number>((resolve, reject) => {
    let status = 0;
    rawPool.dispatch(
      { path: '/raw', method: 'POST', body, headers },
      {
        onConnect: () => undefined,
        onHeaders: (code: number) => ((status = code), true),
        onData: () => true,
        onComplete: () => resolve(status),
        onError: reject,
      },
    );
  });
async function rawDispatchRound(headers: (i: number) => string[]) {
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (done < EVENTS) await dispatchPost(headers(done++));
    }),
  );
}
async function measureRaw(headers: (i: number) => string[], round = rawRound) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await round(headers);
  const perSecond = EVENTS / ((performance.now() - start) / 1000);
  arrivals.clear();
  return { perSecond, cpuUsPerPost: cpuOf(cpu) / EVENTS };
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
const webhook = (await created.json()) as { id: string };

// 2. Throughput: a backlog of committed events (a hundred per transaction), drained by the worker EVENTS at a
// time, each drain beside a bare and a raw loop; the first round warms up. A stopped worker finishes the
// attempts it had under way, so each drain takes a little more than EVENTS from the backlog: a fifth more is
// written.
const BACKLOG = Math.ceil((EVENTS * (ROUNDS + 1) * 1.2) / 100) * 100;
for (let i = 0; i < BACKLOG; i += 100) {
  await engine.db.$transaction((tx) =>
    appendEvents(tx, {
      accountId: account.accountId,
      environment: 'live',
      at: engine.clock.now(),
      events: Array.from({ length: 100 }, (_, j) => ({ tipo: 'NFSE_AUTORIZADA', dados: { id: `backlog-${i + j}` } })),
    }),
  );
}
const profiler = PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
}
/** Starts the worker on the backlog, times EVENTS arrivals, and stops it (the attempts it had under way end too). */
async function drain() {
  const pgCpu = postgresCpuMs();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const w = startWebhookWorker(engine);
  const deadline = start + 120_000;
  while (arrivals.size < EVENTS) {
    if (performance.now() > deadline)
      throw new Error(`drain stalled: ${arrivals.size} of ${EVENTS} deliveries in 120 s`);
    await sleep(2);
  }
  const perSecond = EVENTS / ((performance.now() - start) / 1000);
  const result = {
    perSecond,
    cpuUsPerDelivery: cpuOf(cpu) / EVENTS,
    postgresCpuUsPerDelivery: ((postgresCpuMs() - pgCpu) * 1000) / EVENTS,
  };
  await w.stop();
  arrivals.clear();
  return result;
}
const rounds = [];
for (let r = 0; r <= ROUNDS; r++) {
  const measured = r > 0;
  const bare = await measureRaw(bareHeaders);
  const raw = await measureRaw(deliveryHeaders);
  const rawDispatch = await measureRaw(deliveryHeaders, rawDispatchRound);
  if (measured && profiler) await profiler.post('Profiler.start');
  const drained = await drain();
  if (measured && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    if (r === ROUNDS) await writeFile(PROFILE!, JSON.stringify(profile));
  }
  if (measured) rounds.push({ bare, raw, rawDispatch, drained });
}
profiler?.disconnect();
await rawPool.close();
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const deliveriesPerSecond = median(rounds.map((r) => r.drained.perSecond));
const rawPostsPerSecond = median(rounds.map((r) => r.raw.perSecond));
const ratioToRaw = median(rounds.map((r) => r.drained.perSecond / r.raw.perSecond));
const rawDispatchPostsPerSecond = median(rounds.map((r) => r.rawDispatch.perSecond));
const ratioToRawDispatch = median(rounds.map((r) => r.drained.perSecond / r.rawDispatch.perSecond));
const ratioToBareRaw = median(rounds.map((r) => r.drained.perSecond / r.bare.perSecond));
const rawCpuUsPerPost = median(rounds.map((r) => r.raw.cpuUsPerPost));
const cpuUsPerDelivery = median(rounds.map((r) => r.drained.cpuUsPerDelivery));
const cpuRatioToRaw = median(rounds.map((r) => r.raw.cpuUsPerPost / r.drained.cpuUsPerDelivery));
const postgresCpuUsPerDelivery = median(rounds.map((r) => r.drained.postgresCpuUsPerDelivery));

// 3. Latency: events committed at a steady rate while the worker runs; commit → receipt per event. What the
// drains left of the backlog is delivered first.
const worker = startWebhookWorker(engine);
while ((await engine.db.webhookDelivery.count({ where: { webhookId: webhook.id } })) < BACKLOG) await sleep(50);
arrivals.clear();
const committedAt = new Map<string, number>();
const latencyStart = performance.now();
let sent = 0;
while (performance.now() - latencyStart < SECONDS * 1000) {
  const due = Math.floor(((performance.now() - latencyStart) / 1000) * RATE);
  // At most 8 commits at once: a loaded machine that falls behind the rate must not
  // queue more transactions than the pool holds (Prisma gives a transaction 2 s to start).
  for (; sent < due;) {
    const batch = [];
    for (; sent < due && batch.length < 8; sent++) {
      batch.push(
        emitEvent(engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: `steady-${sent}` }).then((e) =>
          committedAt.set(e!.id, performance.now()),
        ),
      );
    }
    await Promise.all(batch);
  }
  await sleep(2);
}
const deadline = performance.now() + 30_000;
while ([...committedAt.keys()].some((id) => !arrivals.has(id)) && performance.now() < deadline) await sleep(10);
await worker.stop();
const latencies = [...committedAt]
  .filter(([id]) => arrivals.has(id))
  .map(([id, at]) => Math.max(0, arrivals.get(id)! - at))
  .sort((a, b) => a - b);
const pct = (p: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]! * 10) / 10;

const round2 = (x: number) => Math.round(x * 100) / 100;
console.log(
  JSON.stringify({
    deliveriesPerSecond: Math.round(deliveriesPerSecond),
    rawPostsPerSecond: Math.round(rawPostsPerSecond),
    ratioToRaw: round2(ratioToRaw),
    rawDispatchPostsPerSecond: Math.round(rawDispatchPostsPerSecond),
    ratioToRawDispatch: round2(ratioToRawDispatch),
    rawBarePostsPerSecond: Math.round(median(rounds.map((r) => r.bare.perSecond))),
    ratioToBareRaw: round2(ratioToBareRaw),
    rawCpuUsPerPost: Math.round(rawCpuUsPerPost),
    cpuUsPerDelivery: Math.round(cpuUsPerDelivery),
    cpuRatioToRaw: round2(cpuRatioToRaw),
    postgresCpuUsPerDelivery: Math.round(postgresCpuUsPerDelivery),
    p50Ms: pct(50),
    p99Ms: pct(99),
    latencyEvents: committedAt.size,
    latencyLost: committedAt.size - latencies.length,
    eventsPerRound: EVENTS,
    rounds: rounds.map((r) => ({
      bare: Math.round(r.bare.perSecond),
      raw: Math.round(r.raw.perSecond),
      rawDispatch: Math.round(r.rawDispatch.perSecond),
      deliveries: Math.round(r.drained.perSecond),
      ratio: round2(r.drained.perSecond / r.raw.perSecond),
      rawCpuUs: Math.round(r.raw.cpuUsPerPost),
      rawDispatchCpuUs: Math.round(r.rawDispatch.cpuUsPerPost),
      cpuUs: Math.round(r.drained.cpuUsPerDelivery),
    })),
    eventRatePerSecond: RATE,
    receivedTotal: received,
    database: 'postgresql',
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  }),
);
await t.close();
receiver.close();
process.exit(0);
