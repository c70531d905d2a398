import { createHmac, timingSafeEqual } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { drainWebhooks } from '../../src/worker/webhook-worker.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { emitEvent, startReceiver, type Received } from '../support/webhooks.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let account: SeededAccount;
const mails: Array<{ to: string[]; text: string }> = [];
let smtp: SMTPServer;

/** The receiver's side, written here from the documented signature scheme (not the service's functions). */
function verify(r: Received, secret: string, receiverNow: number): boolean {
  const header = String(r.headers['x-service-signature-v2']);
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const ts = Number(parts.find(([k]) => k === 't')![1]);
  if (Math.abs(receiverNow / 1000 - ts) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${ts}.${r.raw}`).digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => v.length === 64 && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}
const legacy = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (c: Buffer) => (text += c.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  t = await startTestApp({
    clock,
    worker: false,
    env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  });
  account = await seedAccount(t.app.engine);
  await t.app.engine.db.account.update({ where: { id: account.accountId }, data: { email: 'dono@example.com' } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function hook(key: string, url: string, eventos = ['NFSE_AUTORIZADA'], cabecalhos: unknown[] = []) {
  const res = await httpClient(t.url, key).post('/v1/webhooks', { url, eventos, cabecalhos });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; segredo: string };
}

describe('delivery', () => {
  it('POSTs {tipo, dados} with every header, both signatures checked by an independent HMAC, custom headers decrypted', async () => {
    const receiver = await startReceiver();
    const webhook = await hook(
      account.liveKey,
      `${receiver.url}/in`,
      ['NFSE_AUTORIZADA'],
      [{ nome: 'X-Token', valor: 'abc 123' }],
    );
    const event = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', {
      id: 'nota-1',
      status: 'autorizada',
    });
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_REJEITADA', { id: 'nota-2' }); // not subscribed
    expect(await drainWebhooks(t.app.engine)).toBe(1);
    const [r] = receiver.received;
    expect(receiver.received).toHaveLength(1);
    expect(r!.path).toBe('/in');
    expect(r!.body).toEqual({ tipo: 'NFSE_AUTORIZADA', dados: { id: 'nota-1', status: 'autorizada' } });
    expect(r!.headers['content-type']).toBe('application/json');
    expect(r!.headers['x-service-event']).toBe('NFSE_AUTORIZADA');
    expect(r!.headers['x-service-event-id']).toBe(event.id);
    expect(r!.headers['x-service-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(r!.headers['x-service-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
    expect(r!.headers['x-service-signature-v2']).toBe(
      `t=${r!.headers['x-service-timestamp']},v1=${createHmac('sha256', webhook.segredo).update(`${r!.headers['x-service-timestamp']}.${r!.raw}`).digest('hex')}`,
    );
    expect(r!.headers['x-service-signature']).toBe(legacy(webhook.segredo, r!.raw));
    expect(r!.headers['x-token']).toBe('abc 123');
    // Timestamp tolerance: valid now and 300 s later; a replay 301 s later is refused by the receiver's rule.
    expect(verify(r!, webhook.segredo, clock.now().getTime())).toBe(true);
    expect(verify(r!, webhook.segredo, clock.now().getTime() + 300_000)).toBe(true);
    expect(verify(r!, webhook.segredo, clock.now().getTime() + 301_000)).toBe(false);
    expect(verify({ ...r!, raw: r!.raw.replace('nota-1', 'nota-9') }, webhook.segredo, clock.now().getTime())).toBe(
      false,
    );
    await receiver.close();
  });

  it('keeps environments apart: a test webhook gets only test events, a live one only live events', async () => {
    const receiver = await startReceiver();
    await hook(account.testKey, `${receiver.url}/test`);
    await hook(account.liveKey, `${receiver.url}/live`);
    const testEvent = await emitEvent(t.app.engine, account.accountId, 'test', 'NFSE_AUTORIZADA', {
      id: 'sandbox-note',
    });
    const liveEvent = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'live-note' });
    await drainWebhooks(t.app.engine);
    const byPath = Object.fromEntries(receiver.received.map((r) => [r.path, r.headers['x-service-event-id']]));
    expect(receiver.received).toHaveLength(2);
    expect(byPath).toEqual({ '/test': testEvent.id, '/live': liveEvent.id });
    await receiver.close();
  });

  it('signs V2 with both secrets for 24 hours after a rotation, the legacy header with the new one only', async () => {
    const receiver = await startReceiver();
    const webhook = await hook(account.liveKey, `${receiver.url}/rot`);
    // Delivered once before the rotation: the worker keeps the opened webhook, and the rotation (at the same
    // instant of the clock) must still reach the next attempt.
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'before' });
    await drainWebhooks(t.app.engine);
    const before = receiver.received.at(-1)!;
    expect(before.body.dados.id).toBe('before');
    expect(verify(before, webhook.segredo, clock.now().getTime())).toBe(true);
    const rotated = (await httpClient(t.url, account.liveKey).post(`/v1/webhooks/${webhook.id}/rotacao-segredo`))
      .body as { segredo: string };
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'during' });
    await drainWebhooks(t.app.engine);
    const during = receiver.received.at(-1)!;
    expect(during.body.dados.id).toBe('during');
    const v1 = String(during.headers['x-service-signature-v2'])
      .split(',')
      .filter((p) => p.startsWith('v1='));
    expect(v1).toHaveLength(2);
    expect(verify(during, rotated.segredo, clock.now().getTime())).toBe(true);
    expect(verify(during, webhook.segredo, clock.now().getTime())).toBe(true);
    expect(during.headers['x-service-signature']).toBe(legacy(rotated.segredo, during.raw));

    clock.advance(DAY + 1000);
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'after' });
    await drainWebhooks(t.app.engine);
    const after = receiver.received.at(-1)!;
    expect(after.body.dados.id).toBe('after');
    expect(
      String(after.headers['x-service-signature-v2'])
        .split(',')
        .filter((p) => p.startsWith('v1=')),
    ).toHaveLength(1);
    expect(verify(after, rotated.segredo, clock.now().getTime())).toBe(true);
    expect(verify(after, webhook.segredo, clock.now().getTime())).toBe(false);
    await receiver.close();
  });

  it('treats a 3xx as a failure and does not follow it', async () => {
    const receiver = await startReceiver((r) => (r.path === '/moved' ? 302 : 200));
    const webhook = await hook(account.liveKey, `${receiver.url}/moved`);
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'redirect' });
    await drainWebhooks(t.app.engine);
    expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
    const delivery = await t.app.engine.db.webhookDelivery.findFirstOrThrow({
      where: { webhookId: webhook.id },
      include: { attemptsLog: true },
    });
    expect(delivery.status).toBe('pendente');
    expect(delivery.attemptsLog.map((a) => [a.responseStatus, a.erro])).toEqual([
      [302, 'redirecionamento não seguido'],
    ]);
    await receiver.close();
  });
});

describe('retries and the outage notice', () => {
  it('follows the retry table to the minute, is falhou after 72 hours, and e-mails the owner once per outage', async () => {
    const receiver = await startReceiver(() => 500);
    const webhook = await hook(account.liveKey, `${receiver.url}/down`);
    const start = clock.now().getTime();
    const event = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'retry-me' });
    await drainWebhooks(t.app.engine);
    const sinceFirst = [1, 6, 21, 51, 111, 231, 471, 951, 1671, 2391, 3111, 3831, 72 * 60];
    for (const minutes of sinceFirst) {
      const due = start + minutes * MINUTE;
      clock.set(new Date(due - 1000));
      const before = receiver.received.length;
      await drainWebhooks(t.app.engine);
      expect(receiver.received.length, `nothing before minute ${minutes}`).toBe(before);
      clock.set(new Date(due));
      await drainWebhooks(t.app.engine);
      expect(receiver.received.length, `attempt at minute ${minutes}`).toBe(before + 1);
    }
    expect(receiver.received).toHaveLength(14);
    expect(new Set(receiver.received.map((r) => r.headers['x-service-event-id']))).toEqual(new Set([event.id]));
    expect(new Set(receiver.received.map((r) => r.headers['x-service-delivery-id'])).size).toBe(1);
    expect(receiver.received.map((r) => Number(r.headers['x-service-timestamp']) - Math.floor(start / 1000))).toEqual([
      0,
      ...sinceFirst.map((m) => m * 60),
    ]);

    clock.advance(12 * HOUR);
    await drainWebhooks(t.app.engine);
    expect(receiver.received).toHaveLength(14);
    const delivery = await t.app.engine.db.webhookDelivery.findFirstOrThrow({ where: { webhookId: webhook.id } });
    expect(delivery.status).toBe('falhou');
    expect(delivery.attempts).toBe(14);

    const notices = mails.filter((m) => m.text.includes(webhook.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toEqual(['dono@example.com']);
    const stored = await t.app.engine.db.webhookOutageNotice.findMany({ where: { webhookId: webhook.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.sentAt).not.toBeNull();

    // A second delivery failing in the same outage sends nothing more; the webhook stays enabled.
    // Driven in 12-hour steps, attempts come late, and the 72-hour window still closes it.
    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'retry-2' });
    await drainWebhooks(t.app.engine);
    for (let i = 0; i < 7; i++) {
      clock.advance(12 * HOUR);
      await drainWebhooks(t.app.engine);
    }
    expect(receiver.received).toHaveLength(14 + 7);
    const second = await t.app.engine.db.webhookDelivery.findMany({
      where: { webhookId: webhook.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(second.map((d) => d.status)).toEqual(['falhou', 'falhou']);
    expect(mails.filter((m) => m.text.includes(webhook.id))).toHaveLength(1);
    expect((await t.app.engine.db.webhook.findUniqueOrThrow({ where: { id: webhook.id } })).deletedAt).toBeNull();
    await receiver.close();
  }, 60_000);
});
