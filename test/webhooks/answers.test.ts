// What an attempt records of the receiver's answer, read through undici's dispatch
// interface (post-for-status.ts): the status only; a refused connection as such; a long or endless body after
// the status line does not undo the answer, and the next attempt still gets through.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { drainWebhooks } from '../../src/worker/webhook-worker.js';
import { httpClient } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { emitEvent } from '../support/webhooks.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let account: SeededAccount;

useTestApp(
  (s) => ({ t, acct: account } = s),
  () => ({ clock, worker: false, webhookTimeoutMs: 500, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } }),
);

/** A receiver answering every POST, once its body is read, with `status` and `body`; `end: false` never ends the body. */
async function answering(status: number, body: string, end = true) {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      if (end) res.end(body);
      else res.write(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function attemptsOf(webhookId: string) {
  const deliveries = await t.app.engine.db.webhookDelivery.findMany({
    where: { webhookId },
    include: { attemptsLog: { orderBy: { numero: 'asc' } } },
    orderBy: { id: 'asc' },
  });
  return deliveries.map((d) => ({ status: d.status, attempts: d.attemptsLog.map((a) => [a.responseStatus, a.erro]) }));
}

async function hook(url: string): Promise<string> {
  const res = await httpClient(t.url, account.liveKey).post('/v1/webhooks', { url, eventos: ['NFSE_AUTORIZADA'] });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe('the receiver answer an attempt records', () => {
  it('records a refused connection with its code, and retries it', async () => {
    const gone = await answering(200, '');
    await gone.close();
    const id = await hook(`${gone.url}/fechado`);
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'recusado' });
    await drainWebhooks(t.app.engine);
    expect(await attemptsOf(id)).toEqual([
      { status: 'pendente', attempts: [[null, 'falha de conexão (ECONNREFUSED)']] },
    ]);
  });

  it('counts the status of a 200 whose body runs past 64 KiB (the connection is dropped), and the next delivery gets through', async () => {
    const receiver = await answering(200, 'x'.repeat(1024 * 1024));
    const id = await hook(`${receiver.url}/longo`);
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'longo-1' });
    await drainWebhooks(t.app.engine);
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'longo-2' });
    await drainWebhooks(t.app.engine);
    expect(receiver.requests()).toBe(2);
    expect(await attemptsOf(id)).toEqual([
      { status: 'entregue', attempts: [[200, null]] },
      { status: 'entregue', attempts: [[200, null]] },
    ]);
    await receiver.close();
  });

  it('counts the status line of an answer whose body never ends (the deadline closes it) as the answer', async () => {
    const receiver = await answering(202, 'começou', false);
    const id = await hook(`${receiver.url}/sem-fim`);
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'sem-fim' });
    await drainWebhooks(t.app.engine);
    expect(await attemptsOf(id)).toEqual([{ status: 'entregue', attempts: [[202, null]] }]);
    await receiver.close();
  });

  it('counts a 500 with a body as a failed attempt with its status', async () => {
    const receiver = await answering(500, JSON.stringify({ erro: 'indisponível' }));
    const id = await hook(`${receiver.url}/erro`);
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'erro' });
    await drainWebhooks(t.app.engine);
    expect(await attemptsOf(id)).toEqual([{ status: 'pendente', attempts: [[500, null]] }]);
    await receiver.close();
  });
});
