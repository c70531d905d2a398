import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { claimDeliveries } from '../../src/engine/webhooks/claim-deliveries.js';
import { VolleyDeadline } from '../../src/engine/webhooks/volley-deadline.js';
import { attemptDelivery } from '../../src/engine/webhooks/attempt-delivery.js';
import { dispatchEvents } from '../../src/engine/webhooks/dispatch-events.js';
import { readyWebhooks } from '../../src/engine/webhooks/ready-webhook.js';
import { reviveInflight } from '../../src/engine/webhooks/revive-inflight.js';
import { drainWebhooks } from '../../src/worker/webhook-worker.js';
import { httpClient } from '../support/http.js';
import { seedAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { emitEvent, startReceiver } from '../support/webhooks.js';

// A flight (the deliveries of a fan-out) has no delivery rows until its attempts are recorded: these pin that each
// delivery is written once, with its outcome, and that a flight whose worker died is revived with the same ids.
const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await startTestApp({ clock, worker: false, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
  receiver = await startReceiver((r) => (r.path === '/falha' ? 500 : 200));
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function setUp(path = '/ok') {
  const account = await seedAccount(t.app.engine);
  const res = await httpClient(t.url, account.liveKey).post('/v1/webhooks', {
    url: `${receiver.url}${path}`,
    eventos: ['NFSE_AUTORIZADA'],
  });
  expect(res.status, res.text).toBe(201);
  return { account, webhookId: res.body.id as string };
}

const inflightRows = (accountId: string) => t.app.engine.db.webhookInflight.count({ where: { accountId } });
const deliveriesOf = (webhookId: string) =>
  t.app.engine.db.webhookDelivery.findMany({
    where: { webhookId },
    include: { attemptsLog: true },
    orderBy: { id: 'asc' },
  });

describe('flights', () => {
  it('write each delivery once with its first outcome, a success and a failure due a minute later, and leave no flight', async () => {
    const ok = await setUp('/ok');
    const bad = await setUp('/falha');
    const good = await emitEvent(t.app.engine, ok.account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'a' });
    await emitEvent(t.app.engine, bad.account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'b' });
    const before = receiver.received.length;

    expect(await drainWebhooks(t.app.engine)).toBe(2);
    expect(receiver.received.length - before).toBe(2);
    const [delivered] = await deliveriesOf(ok.webhookId);
    expect(delivered).toMatchObject({
      eventId: good.id,
      origem: 'evento',
      status: 'entregue',
      attempts: 1,
      lockedUntil: null,
    });
    expect(delivered!.attemptsLog).toHaveLength(1);
    expect(delivered!.attemptsLog[0]).toMatchObject({ numero: 1, responseStatus: 200 });
    expect(
      receiver.received.find((r) => r.headers['x-service-event-id'] === good.id)!.headers['x-service-delivery-id'],
    ).toBe(delivered!.id);
    const [failed] = await deliveriesOf(bad.webhookId);
    expect(failed).toMatchObject({
      status: 'pendente',
      attempts: 1,
      nextAttemptAt: new Date(clock.now().getTime() + MINUTE),
    });
    expect(failed!.attemptsLog[0]).toMatchObject({ numero: 1, responseStatus: 500 });
    expect(await inflightRows(ok.account.accountId)).toBe(0);
    expect(await inflightRows(bad.account.accountId)).toBe(0);
  });

  it('turns a flight whose worker died into pending deliveries with the same ids once its lease ran out, then delivers them', async () => {
    const { account, webhookId } = await setUp();
    const events = [
      await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'c1' }),
      await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'c2' }),
    ];
    // A worker took the flight and died before any attempt.
    const taken = await dispatchEvents(t.app.engine, 10);
    expect(taken.claimed.map((d) => d.eventId)).toEqual(events.map((e) => e.id));
    expect(await reviveInflight(t.app.engine)).toBe(0);
    expect(await deliveriesOf(webhookId)).toHaveLength(0);

    clock.advance(31_000);
    const before = receiver.received.length;
    expect(await drainWebhooks(t.app.engine)).toBe(2);
    const again = receiver.received.slice(before);
    expect(again.map((r) => r.headers['x-service-delivery-id']).sort()).toEqual(taken.claimed.map((d) => d.id).sort());
    expect(again.map((r) => r.headers['x-service-event-id']).sort()).toEqual(events.map((e) => e.id).sort());
    const rows = await deliveriesOf(webhookId);
    expect(rows.map((r) => [r.id, r.status, r.attempts, r.attemptsLog.length])).toEqual(
      taken.claimed.map((d) => [d.id, 'entregue', 1, 1]),
    );
    expect(await inflightRows(account.accountId)).toBe(0);
  });

  it('revives only the deliveries of a lapsed flight that were not recorded', async () => {
    const { account, webhookId } = await setUp();
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'd1' });
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'd2' });
    const taken = await dispatchEvents(t.app.engine, 10);
    expect(taken.claimed).toHaveLength(2);
    // The first attempt was made and recorded; the worker died before the second.
    const deps = t.app.engine;
    const ready = (await readyWebhooks(deps, taken.claimed)).get(webhookId)!;
    const first = await attemptDelivery(
      deps,
      taken.claimed[0]!,
      ready,
      await deps.webhooks.dispatchers.target(ready.url),
      new VolleyDeadline(5_000),
    );
    await claimDeliveries(deps, [first!], 0);
    expect(await inflightRows(account.accountId)).toBe(1);

    clock.advance(31_000);
    const before = receiver.received.length;
    await drainWebhooks(t.app.engine);
    // (The first test's failed delivery comes due meanwhile; only this account's requests are counted.)
    const mine = new Set(taken.claimed.map((d) => d.eventId));
    const again = receiver.received.slice(before).filter((r) => mine.has(String(r.headers['x-service-event-id'])));
    expect(again.map((r) => r.headers['x-service-delivery-id'])).toEqual([taken.claimed[1]!.id]);
    const rows = await deliveriesOf(webhookId);
    expect(rows.map((r) => [r.id, r.status, r.attemptsLog.length])).toEqual([
      [taken.claimed[0]!.id, 'entregue', 1],
      [taken.claimed[1]!.id, 'entregue', 1],
    ]);
    expect(await inflightRows(account.accountId)).toBe(0);
  });
});
