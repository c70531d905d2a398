// An attempt that gets no answer within the attempt limit is a failure recorded
// with the timeout and retried by the table. The limit is the same runtime setting production uses
// (WebhookRuntime.timeoutMs, 10 s by default), shortened here so the suite does not wait 10 real seconds.
import { describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { DELIVERY_TIMEOUT_MS } from '../../src/engine/webhooks/attempt-delivery.js';
import { drainWebhooks } from '../../src/worker/webhook-worker.js';
import { httpClient } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { emitEvent, startReceiver } from '../support/webhooks.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let account: SeededAccount;

useTestApp(
  (s) => ({ t, acct: account } = s),
  () => ({ clock, worker: false, webhookTimeoutMs: 300, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } }),
);

describe('the attempt timeout', () => {
  it('is 10 seconds unless a test shortens it', () => {
    expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
    expect(t.app.engine.webhooks.timeoutMs).toBe(300);
  });

  it('records a receiver that never answers as a failed attempt with the timeout, and retries it a minute later', async () => {
    let hang = true;
    const receiver = await startReceiver(() => (hang ? 'hang' : 200));
    const res = await httpClient(t.url, account.liveKey).post('/v1/webhooks', {
      url: `${receiver.url}/slow`,
      eventos: ['NFSE_AUTORIZADA'],
    });
    expect(res.status, res.text).toBe(201);
    const event = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'sem-resposta' });
    const start = clock.now().getTime();
    await drainWebhooks(t.app.engine);
    expect(receiver.received).toHaveLength(1);

    const delivery = () =>
      t.app.engine.db.webhookDelivery.findFirstOrThrow({
        where: { webhookId: res.body.id },
        include: { attemptsLog: { orderBy: { numero: 'asc' } } },
      });
    const afterFirst = await delivery();
    expect(afterFirst.status).toBe('pendente');
    expect(afterFirst.attemptsLog.map((a) => [a.numero, a.responseStatus, a.erro])).toEqual([
      [1, null, 'sem resposta em 0.3 segundos'],
    ]);
    expect(afterFirst.attemptsLog[0]!.durationMs).toBeGreaterThanOrEqual(250);
    expect(afterFirst.nextAttemptAt?.getTime()).toBe(start + MINUTE);
    expect(afterFirst.lockedUntil).toBeNull();

    // The table's second attempt: not before the minute, then at it; the receiver answers this time.
    hang = false;
    clock.set(new Date(start + MINUTE - 1000));
    await drainWebhooks(t.app.engine);
    expect(receiver.received).toHaveLength(1);
    clock.set(new Date(start + MINUTE));
    await drainWebhooks(t.app.engine);
    expect(receiver.received.map((r) => r.headers['x-service-event-id'])).toEqual([event.id, event.id]);
    const done = await delivery();
    expect(done.status).toBe('entregue');
    expect(done.attemptsLog.map((a) => [a.numero, a.responseStatus, a.erro])).toEqual([
      [1, null, 'sem resposta em 0.3 segundos'],
      [2, 200, null],
    ]);
    // The API shows the timed-out attempt like any other.
    const listed = await httpClient(t.url, account.liveKey).get(`/v1/webhooks/${res.body.id}/entregas`);
    expect(listed.status, listed.text).toBe(200);
    expect(
      listed.body.entregas[0].tentativas.map((a: { status_http: number | null; erro: string | null }) => [
        a.status_http,
        a.erro,
      ]),
    ).toEqual([
      [null, 'sem resposta em 0.3 segundos'],
      [200, null],
    ]);
    await receiver.close();
  }, 60_000);
});
