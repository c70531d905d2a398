// Redis accelerates (rate limits and pub/sub across processes) and issuing never depends on it: a redis-server of
// this test's own is killed mid-traffic. Issuing, queries, a batch and webhooks go on answering, within their
// normal latency plus the bounded wait of the first failed Redis call; each key's limit falls back to this
// process's share (RATE_LIMIT_PROCESSES); failed publishes are counted in /metrics; /readyz tells Redis down
// while /healthz stays 200; nothing is lost or doubled; and when Redis is back, an `eventos` subscriber gets
// what another process committed while it was down (read from the event log, with no new wake-up).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvents } from '../../src/engine/eventos/append-events.js';
import { eventsTopic } from '../../src/engine/eventos/events-topic.js';
import { httpClient, type Http } from '../support/http.js';
import { linha, settledStatus, waitLote } from '../support/lotes.js';
import { allNotes, nfseBody } from '../support/nfse.js';
import { startOwnRedis, type OwnRedis } from '../support/own-redis.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import { collect, watchBus, wsClients } from '../support/subscriptions.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until, waitFor } from '../support/wait.js';
import { startReceiver } from '../support/webhooks.js';

const METRICS_TOKEN = 'falhas-redis-metrics-token';
// Each key's 120 a minute, shared by two processes: 60 each while Redis is down.
const PROCESSES = 2;
const EVENTS = 'subscription { eventos { id tipo dados } }';

let redis: OwnRedis;
let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let bus: ReturnType<typeof watchBus>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  redis = await startOwnRedis();
  receiver = await startReceiver();
  t = await startTestApp({
    env: {
      REDIS_URL: redis.url,
      RATE_LIMIT_PROCESSES: String(PROCESSES),
      METRICS_TOKEN,
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
    },
  });
  acct = await seedAccount(t.app.engine);
  company = await acct.company();
  bus = watchBus(t.app.engine, redis.url);
  await waitFor(async () => (await readyz()).body.redis === 'ok', 'Redis connected');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await redis?.stop();
});
const client = wsClients(() => t.url);

const readyz = async () => {
  const res = await fetch(`${t.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; banco: string; redis: string } };
};
const metric = async (line: RegExp) => {
  const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const found = (await res.text()).split('\n').find((l) => line.test(l));
  return found === undefined ? null : Number(found.split(' ').at(-1));
};

interface Issued {
  idempotencyKey: string;
  status: number;
  id: string;
  ms: number;
}
/** One note, synchronously authorised, with its own Idempotency-Key; the time to its answer. */
const issue = async (http: Http): Promise<Issued> => {
  const idempotencyKey = randomUUID();
  const started = performance.now();
  const res = await http.post('/v1/nfse', nfseBody(company.id), { headers: { 'idempotency-key': idempotencyKey } });
  return { idempotencyKey, status: res.status, id: res.body?.id, ms: performance.now() - started };
};
const issueSeries = async (http: Http, n: number) => {
  const out: Issued[] = [];
  for (let i = 0; i < n; i++) out.push(await issue(http));
  return out;
};
const timed = async (request: () => Promise<{ status: number; body: any }>) => {
  const started = performance.now();
  const { status, body } = await request();
  return { status, body, ms: performance.now() - started };
};

describe('Redis killed mid-traffic (a redis-server of this test)', () => {
  const issued: Issued[] = [];
  /** Notes issued once Redis answered again. */
  const afterBack: string[] = [];
  let baselineMs = 0;

  it('before: readyz ok, redis up in /metrics; a baseline of issuing', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ok', banco: 'ok', redis: 'ok' } });
    expect(await metric(/^fiscal_dependency_up\{.*dependency="redis"/)).toBe(1);
    const http = httpClient(t.url, acct.testKey);
    await issueSeries(http, 2).then((warm) => issued.push(...warm));
    const baseline = await issueSeries(http, 4);
    issued.push(...baseline);
    expect(baseline.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    baselineMs = Math.max(...baseline.map((r) => r.ms));
  });

  it('while Redis is down: every request answered in its normal time plus at most the one bounded wait', async () => {
    const webhook = await httpClient(t.url, acct.testKey).post('/v1/webhooks', {
      url: `${receiver.url}/in`,
      eventos: ['NFSE_AUTORIZADA'],
    });
    expect(webhook.status, webhook.text).toBe(201);
    const sub = collect(client(acct.testKey), EVENTS);
    await bus.live(eventsTopic(acct.accountId, 'test'));

    await redis.kill();
    // Two issuers on keys of their own, queries on a third and a batch: each key stays under its fallback share.
    const [k1, k2, k3] = [await acct.key('test'), await acct.key('test'), await acct.key('test')];
    const queries = httpClient(t.url, k3);
    const [first, second, reads, lote] = await Promise.all([
      issueSeries(httpClient(t.url, k1), 6),
      issueSeries(httpClient(t.url, k2), 6),
      Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          timed(() => queries.get(i % 2 ? '/v1/nfse?limite=5' : `/v1/nfse/${issued[i % issued.length]!.id}`)),
        ),
      ),
      timed(() => queries.post('/v1/lotes', { empresa_id: company.id, itens: [linha(), linha(), linha()] })),
    ]);
    const during = [...first, ...second];
    issued.push(...during);
    expect(during.map((r) => r.status)).toEqual(during.map(() => 201));
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));
    expect(lote.status).toBe(202);
    // The first failed Redis call waits at most REDIS_COMMAND_TIMEOUT_MS (1 s); later ones skip Redis. Generous:
    // twice the slowest baseline answer, plus 2 s.
    const bound = 2 * baselineMs + 2_000;
    for (const r of [...during, ...reads, lote]) expect(r.ms).toBeLessThan(bound);

    expect(await readyz()).toEqual({ status: 200, body: { status: 'degradado', banco: 'ok', redis: 'fora' } });
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    expect(await metric(/^fiscal_dependency_up\{.*dependency="redis"/)).toBe(0);
    expect(await metric(/^fiscal_redis_publish_failures_total\{/)).toBeGreaterThan(0);

    // This process's own subscribers and webhook dispatcher still hear its changes.
    const duringIds = new Set(during.map((r) => r.id));
    await until(
      () => sub.results.filter((r) => duringIds.has(r.data?.eventos.dados.id)).length === duringIds.size,
      'eventos of the notes issued while Redis was down',
    );
    await receiver.waitFor(1);
    await until(
      () => [...duringIds].every((id) => receiver.received.some((r) => r.body.dados.id === id)),
      'webhooks of the notes issued while Redis was down',
      20_000,
    );
    const settled = await waitLote(queries, lote.body.id as string, settledStatus('concluido'));
    expect(settled.contagens).toMatchObject({ autorizada: 3 });
    sub.dispose();
  });

  it("while Redis is down each key gets this process's share of its limit", async () => {
    for (let attempt = 0; ; attempt++) {
      const http = httpClient(t.url, await acct.key('test'));
      const minute = Math.floor(Date.now() / 60_000);
      const statuses: number[] = [];
      for (let i = 0; i < 120 / PROCESSES + 1; i++) statuses.push((await http.get('/v1/nfse?limite=1')).status);
      // A new clock minute starts a new window: measured again within one.
      if (Math.floor(Date.now() / 60_000) !== minute && attempt === 0) continue;
      expect(statuses.slice(0, 120 / PROCESSES)).toEqual(Array(120 / PROCESSES).fill(200));
      expect(statuses.at(-1)).toBe(429);
      return;
    }
  });

  it('when Redis is back: readyz ok, and a subscriber reads from the log what another process committed meanwhile', async () => {
    const sub = collect(client(acct.testKey), EVENTS);
    await until(() => bus.opened(eventsTopic(acct.accountId, 'test')) >= 2, 'the second eventos subscription');
    // The subscription reads its starting position from the log once opened: a note issued now, whose wake-up
    // reaches this process's subscribers while Redis is down, received by it proves the position read before the
    // other process commits (else that commit could fall before the position and never be due to this subscriber).
    const marker = await issue(httpClient(t.url, acct.testKey));
    issued.push(marker);
    await until(
      () => sub.results.some((r) => r.data?.eventos.dados.id === marker.id),
      'the subscription reading the log',
      30_000,
    );
    // Another process's commit while Redis is down: its wake-up reaches nobody here.
    const remote = `remota-${randomUUID()}`;
    await t.app.engine.db.$transaction((tx) =>
      appendEvents(tx, {
        accountId: acct.accountId,
        environment: 'test',
        at: new Date(),
        events: [{ tipo: 'NFSE_AUTORIZADA', dados: { id: remote, empresa_id: company.id } }],
      }),
    );
    await redis.start();
    await waitFor(async () => (await readyz()).body.redis === 'ok', 'readyz: redis ok again', 20_000);
    expect(await metric(/^fiscal_dependency_up\{.*dependency="redis"/)).toBe(1);
    // The catch-up waits for the reconnection and the log read after it: wide, as the suite runs two files at once.
    await until(
      () => sub.results.some((r) => r.data?.eventos.dados.id === remote),
      'the event committed meanwhile',
      30_000,
    );
    expect(sub.results.filter((r) => r.data?.eventos.dados.id === remote)).toHaveLength(1);
    sub.dispose();
    const after = await issue(httpClient(t.url, acct.testKey));
    expect(after.status).toBe(201);
    afterBack.push(after.id);
  });

  it('nothing lost or doubled: one authorised note per Idempotency-Key', async () => {
    const notes = await allNotes(httpClient(t.url, acct.testKey));
    const ids = issued.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const byId = new Map(notes.map((n) => [n.id as string, n]));
    for (const id of ids) expect(byId.get(id)?.status).toBe('autorizada');
    // The issued notes, the batch's three and the one issued after Redis came back.
    expect(notes).toHaveLength(ids.length + 3 + afterBack.length);
  });
});
