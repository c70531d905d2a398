import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDeliveries } from '../../src/engine/webhooks/claim-deliveries.js';
import { dispatchEvents } from '../../src/engine/webhooks/dispatch-events.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { emitEvent } from '../support/webhooks.js';

// The fan-out reads only as many events as the caller has room to attempt and hands their deliveries back in
// a flight (one webhook_inflight row per account's fan-out, no delivery row yet); these pin how it cuts a flight.
// Nothing is sent: the flights are counted in the database.
let t: TestApp;
let account: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ worker: false, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
  account = await seedAccount(t.app.engine);
});
afterAll(async () => {
  await t?.close();
});

async function hook(key: string, eventos = ['NFSE_AUTORIZADA']) {
  const res = await httpClient(t.url, key).post('/v1/webhooks', { url: 'http://127.0.0.1:9/nada', eventos });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** The pairs in flight of an account, in id order, and how many delivery rows its webhooks have. */
async function inflightOf(accountId: string) {
  const flights = await t.app.engine.db.webhookInflight.findMany({
    where: { accountId },
    orderBy: { createdAt: 'asc' },
  });
  const pairs = flights
    .flatMap((f) => f.pairs as Array<{ id: string; webhook_id: string; event_id: string }>)
    .sort((a, b) => a.id.localeCompare(b.id));
  const rows = await t.app.engine.db.webhookDelivery.count({ where: { accountId } });
  return { flights, pairs, rows };
}

describe('fan-out sized by the room to attempt', () => {
  it('reads no more events than the room holds, leases what it returns, and goes on where it stopped', async () => {
    const seeded = await seedAccount(t.app.engine);
    const id = await hook(seeded.liveKey);
    const events = [];
    for (let i = 0; i < 7; i++)
      events.push(await emitEvent(t.app.engine, seeded.accountId, 'live', 'NFSE_AUTORIZADA', { id: `n${i}` }));

    const first = await dispatchEvents(t.app.engine, 3);
    expect(first.claimed.map((d) => d.eventId)).toEqual(events.slice(0, 3).map((e) => e.id));
    expect(first.more).toBe(true);
    expect(JSON.parse(first.claimed[0]!.body)).toEqual({ tipo: 'NFSE_AUTORIZADA', dados: { id: 'n0' } });
    const afterFirst = await inflightOf(seeded.accountId);
    expect(afterFirst.flights).toHaveLength(1);
    expect(first.claimed.every((d) => d.flight === afterFirst.flights[0]!.id && d.attempts === 0)).toBe(true);
    expect(afterFirst.pairs).toEqual(first.claimed.map((d) => ({ id: d.id, webhook_id: id, event_id: d.eventId })));
    // The rows are written when the attempts are recorded.
    expect(afterFirst.rows).toBe(0);

    const rest = await dispatchEvents(t.app.engine, 10);
    expect(rest.claimed.map((d) => d.eventId)).toEqual(events.slice(3).map((e) => e.id));
    expect(rest.more).toBe(false);
    const all = await inflightOf(seeded.accountId);
    expect(all.flights).toHaveLength(2);
    expect(all.pairs.map((p) => p.event_id)).toEqual(events.map((e) => e.id));
    expect(all.flights.every((f) => f.leasedUntil > new Date())).toBe(true);
    expect((await dispatchEvents(t.app.engine, 10)).claimed).toHaveLength(0);
  });

  it('with more webhooks than room, takes every delivery of the event at once, and the next event waits', async () => {
    const seeded = await seedAccount(t.app.engine);
    const ids = [await hook(seeded.liveKey), await hook(seeded.liveKey), await hook(seeded.liveKey)];
    const event = await emitEvent(t.app.engine, seeded.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'x' });
    const next = await emitEvent(t.app.engine, seeded.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'y' });

    const fanned = await dispatchEvents(t.app.engine, 2);
    expect(fanned.claimed).toHaveLength(3);
    expect(new Set(fanned.claimed.map((d) => d.webhookId))).toEqual(new Set(ids));
    expect(fanned.claimed.every((d) => d.eventId === event.id)).toBe(true);
    expect(fanned.more).toBe(true);
    expect((await inflightOf(seeded.accountId)).pairs).toHaveLength(3);
    // Nothing of it is due to be claimed: it is in flight.
    expect(await claimDeliveries(t.app.engine, [], 10)).toHaveLength(0);

    const second = await dispatchEvents(t.app.engine, 2);
    expect(second.claimed.map((d) => d.eventId)).toEqual([next.id, next.id, next.id]);
  });

  it('moves past events nobody subscribes to, and to the log’s end for an account without webhooks', async () => {
    const seeded = await seedAccount(t.app.engine);
    const id = await hook(seeded.liveKey, ['NFSE_CANCELADA']);
    for (let i = 0; i < 4; i++)
      await emitEvent(t.app.engine, seeded.accountId, 'live', 'NFSE_AUTORIZADA', { id: `u${i}` });
    const cancelled = await emitEvent(t.app.engine, seeded.accountId, 'live', 'NFSE_CANCELADA', { id: 'c' });
    // Test events: no test-key webhook.
    for (let i = 0; i < 3; i++)
      await emitEvent(t.app.engine, seeded.accountId, 'test', 'NFSE_AUTORIZADA', { id: `t${i}` });

    const fanned = await dispatchEvents(t.app.engine, 50);
    expect(fanned.claimed.map((d) => d.eventId)).toEqual([cancelled.id]);
    expect(fanned.more).toBe(false);
    const positions = await t.app.engine.db.$queryRaw<Array<{ environment: string; last_seq: bigint }>>`
      SELECT environment, last_seq FROM webhook_dispatch_positions WHERE account_id = ${seeded.accountId}::uuid ORDER BY environment`;
    expect(positions.map((p) => [p.environment, Number(p.last_seq)])).toEqual([
      ['live', 5],
      ['test', 3],
    ]);
    expect((await inflightOf(seeded.accountId)).pairs.map((p) => [p.webhook_id, p.event_id])).toEqual([
      [id, cancelled.id],
    ]);
    expect((await dispatchEvents(t.app.engine, 50)).claimed).toHaveLength(0);
  });

  it('skips an account whose position another transaction holds, and fans it out once released', async () => {
    const id = await hook(account.liveKey);
    await dispatchEvents(t.app.engine, 50); // the position row exists
    const event = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'held' });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.app.engine.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM webhook_dispatch_positions WHERE account_id = ${account.accountId}::uuid AND environment = 'live' FOR UPDATE`;
        locked();
        await released;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const pglite = t.app.database.kind === 'pglite';
    // PGlite serves one session: the fan-out would queue behind the holder, so only PostgreSQL shows the skip.
    if (!pglite) expect((await dispatchEvents(t.app.engine, 50)).claimed).toHaveLength(0);
    release();
    await holder;
    const fanned = await dispatchEvents(t.app.engine, 50);
    expect(fanned.claimed.map((d) => d.eventId)).toEqual([event.id]);
    expect(
      (await inflightOf(account.accountId)).pairs.filter((p) => p.webhook_id === id).map((p) => p.event_id),
    ).toEqual([event.id]);
  });
});
