import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, HOUR } from '../../src/engine/nucleo/clock.js';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { drainWebhooks } from '../../src/worker/webhook-worker.js';
import { graphql } from '../support/graphql.js';
import { httpClient, expectProblem } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { emitEvent, startReceiver } from '../support/webhooks.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let account: SeededAccount;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
// While true, /flaky answers 500: its deliveries stay pending and retrying. Its answers, in order.
let flakyDown = true;
const flakyAnswers: number[] = [];

beforeAll(async () => {
  t = await startTestApp({ clock, worker: false, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
  account = await seedAccount(t.app.engine);
  receiver = await startReceiver((r) => {
    if (r.path !== '/flaky') return r.path.startsWith('/fail') ? 500 : 200;
    flakyAnswers.push(flakyDown ? 500 : 200);
    return flakyAnswers[flakyAnswers.length - 1];
  });
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const live = () => httpClient(t.url, account.liveKey);
async function hook(path: string, eventos = ['NFSE_AUTORIZADA']) {
  const res = await live().post('/v1/webhooks', { url: `${receiver.url}${path}`, eventos });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

describe('GET /v1/webhooks/{id}/entregas', () => {
  it('pages newest first with attempts, filters by status (falhou included) and refuses bad parameters with 400', async () => {
    const ok = await hook('/ok-list');
    const failing = await hook('/fail-list');
    for (let i = 0; i < 3; i++) {
      await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: `n${i}` });
      clock.advance(1000);
    }
    await drainWebhooks(t.app.engine);
    for (let i = 0; i < 16; i++) {
      clock.advance(6 * HOUR);
      await drainWebhooks(t.app.engine);
    }
    const first = await live().get(`/v1/webhooks/${ok.id}/entregas?limite=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.entregas).toHaveLength(2);
    expect(first.body.entregas[0].status).toBe('entregue');
    expect(first.body.entregas[0].tentativas).toEqual([
      { numero: 1, em: expect.any(String), status_http: 200, duracao_ms: expect.any(Number), erro: null },
    ]);
    const second = await live().get(`/v1/webhooks/${ok.id}/entregas?limite=2&cursor=${first.body.proximo_cursor}`);
    expect(second.body.entregas).toHaveLength(1);
    expect(second.body.proximo_cursor).toBeNull();
    const order = [...first.body.entregas, ...second.body.entregas].map((e: { criada_em: string }) => e.criada_em);
    expect(order).toEqual([...order].sort().reverse());

    const failed = await live().get(`/v1/webhooks/${failing.id}/entregas?status=falhou`);
    expect(failed.body.entregas).toHaveLength(3);
    expect(failed.body.entregas[0].tentativas.length).toBeGreaterThan(1);
    expect(failed.body.entregas[0].tentativas[0].status_http).toBe(500);
    expect((await live().get(`/v1/webhooks/${failing.id}/entregas?status=entregue`)).body.entregas).toHaveLength(0);
    // No SMTP_URL here: the outage notice is recorded (and logged), once.
    const notices = await t.app.engine.db.webhookOutageNotice.findMany({ where: { webhookId: failing.id } });
    expect(notices.map((n) => [n.transporte, n.sentAt])).toEqual([['registro', null]]);
    expect((await live().get(`/v1/webhooks/${ok.id}/entregas?limite=200`)).status).toBe(200);

    for (const qs of ['limite=0', 'limite=201', 'limite=abc', 'status=perdida', 'cursor=nao-e-cursor']) {
      expectProblem(await live().get(`/v1/webhooks/${ok.id}/entregas?${qs}`), 400, 'parametro_invalido');
    }
    expectProblem(
      await httpClient(t.url, account.testKey).get(`/v1/webhooks/${ok.id}/entregas`),
      404,
      'nao_encontrado',
    );
  }, 120_000);
});

describe('POST /v1/webhooks/{id}/reenvio', () => {
  it('requires exactly one form and refuses an unsubscribed event type', async () => {
    const webhook = await hook('/resend-rules');
    const other = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_REJEITADA', { id: 'x' });
    const post = (body: unknown) => live().post(`/v1/webhooks/${webhook.id}/reenvio`, body);
    for (const body of [
      {},
      { desde: '2026-11-01T00:00:00Z' },
      { evento_id: other.id, lote_id: newId() },
      { evento_id: other.id, desde: '2026-11-01T00:00:00Z', ate: '2026-11-02T00:00:00Z' },
      { desde: 'ontem', ate: '2026-11-02T00:00:00Z' },
      { desde: '2026-11-03T00:00:00Z', ate: '2026-11-02T00:00:00Z' },
      { evento_id: other.id, outro: 1 },
    ]) {
      expectProblem(await post(body), 422, 'reenvio_invalido');
    }
    const body = expectProblem(await post({ evento_id: other.id }), 422, 'evento_nao_assinado');
    expect(body.campo).toBe('/evento_id');
    expectProblem(await post({ evento_id: newId() }), 404, 'nao_encontrado');
    // An instant is ISO 8601 text with its zone; every problem comes in erros[] under the resend's own code.
    const semFuso = expectProblem(
      await post({ desde: '2026-11-01', ate: '2026-11-02T00:00:00', extra: 1 }),
      422,
      'reenvio_invalido',
    );
    expect(semFuso.erros.map((e: { campo: string }) => e.campo).sort()).toEqual(['/ate', '/desde', '/extra']);
    // GraphQL's typed input reaches the same declaration: its DateTime is read as the instant it is.
    const gql = await graphql(
      t.url,
      account.liveKey,
      `
        mutation ($id: ID!, $input: WebhookReenvioInput!) {
          resendWebhookEvents(id: $id, input: $input) {
            __typename
            ... on WebhookResend {
              total
            }
            ... on DomainError {
              codigo
              campo
            }
          }
        }
      `,
      { id: webhook.id, input: { desde: '2026-11-03T00:00:00Z', ate: '2026-11-02T00:00:00Z' } },
    );
    expect(gql).toEqual({
      resendWebhookEvents: { __typename: 'DomainError', codigo: 'reenvio_invalido', campo: '/desde' },
    });
  });

  it('makes a new delivery with the same event id, by evento_id, by desde+ate (500 per call, continuar_desde) and by lote_id', async () => {
    const path = '/resend';
    const webhook = await hook(path, ['NFSE_AUTORIZADA', 'LOTE_EMISSAO_CONCLUIDO']);
    const first = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'primeiro' });
    await drainWebhooks(t.app.engine);
    const resent = await live().post(`/v1/webhooks/${webhook.id}/reenvio`, { evento_id: first.id });
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body).toEqual({ total: 1, continuar_desde: null });
    await drainWebhooks(t.app.engine);
    const mine = () => receiver.received.filter((r) => r.path === path);
    expect(mine().map((r) => r.headers['x-service-event-id'])).toEqual([first.id, first.id]);
    expect(new Set(mine().map((r) => r.headers['x-service-delivery-id'])).size).toBe(2);

    const loteId = newId();
    const lote = await emitEvent(t.app.engine, account.accountId, 'live', 'LOTE_EMISSAO_CONCLUIDO', { id: loteId });
    await emitEvent(t.app.engine, account.accountId, 'live', 'LOTE_EMISSAO_CONCLUIDO', { id: newId() });
    const byLote = await live().post(`/v1/webhooks/${webhook.id}/reenvio`, { lote_id: loteId });
    expect(byLote.body).toEqual({ total: 1, continuar_desde: null });
    await drainWebhooks(t.app.engine);
    const queued = await t.app.engine.db.webhookDelivery.findMany({
      where: { webhookId: webhook.id, eventId: lote.id },
    });
    expect(queued.map((d) => d.origem).sort()).toEqual(['evento', 'reenvio']);
    expect(mine().filter((r) => r.headers['x-service-event-id'] === lote.id)).toHaveLength(2);
    await live().delete(`/v1/webhooks/${webhook.id}`);

    // A range larger than 500: events written before the webhook exists, so only the resends deliver them.
    clock.advance(1000);
    const desde = clock.now().toISOString();
    for (let i = 0; i < 580; i++) {
      await emitEvent(t.app.engine, account.accountId, 'live', i % 10 === 0 ? 'NFSE_REJEITADA' : 'NFSE_AUTORIZADA', {
        id: `range-${i}`,
      });
      clock.advance(1000);
    }
    const ate = clock.now().toISOString();
    const ranged = await hook('/range');
    const page1 = await live().post(`/v1/webhooks/${ranged.id}/reenvio`, { desde, ate });
    expect(page1.status, page1.text).toBe(202);
    expect(page1.body.total).toBe(500);
    const page2 = await live().post(`/v1/webhooks/${ranged.id}/reenvio`, { desde: page1.body.continuar_desde, ate });
    // 522 subscribed of the 580 (every tenth is an unsubscribed NFSE_REJEITADA).
    expect(page2.body).toEqual({ total: 22, continuar_desde: null });
    const rows = await t.app.engine.db.webhookDelivery.findMany({
      where: { webhookId: ranged.id },
      select: { eventId: true, origem: true, tipo: true },
    });
    expect(rows).toHaveLength(522);
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(522);
    expect(rows.every((r) => r.origem === 'reenvio' && r.tipo === 'NFSE_AUTORIZADA')).toBe(true);
    // Removing the webhook closes its pending deliveries without a request.
    await live().delete(`/v1/webhooks/${ranged.id}`);
    expect(
      await t.app.engine.db.webhookDelivery.count({ where: { webhookId: ranged.id, status: { not: 'falhou' } } }),
    ).toBe(0);
  }, 180_000);

  it('rebuilds the body from the current state only when nobody was subscribed when the event happened', async () => {
    const company = await account.company();
    const test = httpClient(t.url, account.testKey);
    const watcherRes = await test.post('/v1/webhooks', {
      url: `${receiver.url}/watcher`,
      eventos: ['NFSE_AUTORIZADA'],
    });
    const issue = async () => {
      const created = await test.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=5' } });
      expect(created.status, created.text).toBe(201);
      const note = created;
      expect(note.body.status, note.text).toBe('autorizada');
      const event = await t.app.engine.db.event.findFirstOrThrow({
        where: { tipo: 'NFSE_AUTORIZADA', dados: { path: ['id'], equals: created.body.id } },
      });
      return { noteId: created.body.id as string, eventId: event.id };
    };
    // Watched: the watcher webhook had the event fanned out; unwatched: nobody subscribed at the time.
    const watched = await issue();
    await drainWebhooks(t.app.engine);
    await test.request('DELETE', `/v1/webhooks/${watcherRes.body.id}`);
    const unwatched = await issue();
    await drainWebhooks(t.app.engine);
    for (const note of [watched, unwatched]) {
      const cancelled = await test.post(`/v1/nfse/${note.noteId}/cancelamento`, {
        codigo_motivo: '2',
        motivo: 'Serviço não foi prestado ao cliente',
      });
      expect(cancelled.status, cancelled.text).toBe(200);
    }
    const later = await test.post('/v1/webhooks', { url: `${receiver.url}/later`, eventos: ['NFSE_AUTORIZADA'] });
    for (const note of [watched, unwatched]) {
      expect((await test.post(`/v1/webhooks/${later.body.id}/reenvio`, { evento_id: note.eventId })).status).toBe(202);
    }
    await drainWebhooks(t.app.engine);
    const got = Object.fromEntries(
      receiver.received.filter((r) => r.path === '/later').map((r) => [r.body.dados.id, r.body.dados.status]),
    );
    expect(got).toEqual({ [watched.noteId]: 'autorizada', [unwatched.noteId]: 'cancelada' });
  }, 120_000);

  it('resending an event whose delivery is still retrying attempts that delivery now: the receiver gets it once', async () => {
    const webhook = await hook('/flaky');
    const event = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'retrying' });
    await drainWebhooks(t.app.engine);
    const mine = () => receiver.received.filter((r) => r.path === '/flaky');
    expect(flakyAnswers).toEqual([500]);
    const [original] = await t.app.engine.db.webhookDelivery.findMany({ where: { webhookId: webhook.id } });
    expect(original).toMatchObject({ status: 'pendente', attempts: 1 });
    expect(original.nextAttemptAt!.getTime()).toBeGreaterThan(clock.now().getTime());

    flakyDown = false;
    const resent = await live().post(`/v1/webhooks/${webhook.id}/reenvio`, { evento_id: event.id });
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body).toEqual({ total: 1, continuar_desde: null });
    // Due now, without waiting for its retry: the same delivery, attempted a second time.
    await drainWebhooks(t.app.engine);
    expect(flakyAnswers).toEqual([500, 200]);
    expect(new Set(mine().map((r) => r.headers['x-service-delivery-id']))).toEqual(new Set([original.id]));
    // Nothing else is left to arrive later.
    for (let i = 0; i < 4; i++) {
      clock.advance(HOUR);
      await drainWebhooks(t.app.engine);
    }
    expect(flakyAnswers).toEqual([500, 200]);
    const rows = await t.app.engine.db.webhookDelivery.findMany({ where: { webhookId: webhook.id } });
    expect(rows.map((r) => [r.id, r.status, r.attempts])).toEqual([[original.id, 'entregue', 2]]);

    // Once delivered, a resend is a new delivery again, as the contract says.
    const again = await live().post(`/v1/webhooks/${webhook.id}/reenvio`, { evento_id: event.id });
    expect(again.body.total).toBe(1);
    await drainWebhooks(t.app.engine);
    expect(flakyAnswers).toEqual([500, 200, 200]);
    expect(mine().map((r) => r.headers['x-service-event-id'])).toEqual([event.id, event.id, event.id]);
    await live().delete(`/v1/webhooks/${webhook.id}`);
  }, 120_000);
});

describe('PATCH /v1/webhooks/{id} ativo', () => {
  it('disabling closes the pending deliveries and delivers nothing, resends included; enabling delivers what comes after', async () => {
    const path = '/fail-disabled';
    const webhook = await hook(path);
    const mine = () => receiver.received.filter((r) => r.path === path);
    const before = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'antes' });
    await drainWebhooks(t.app.engine);
    expect(mine()).toHaveLength(1);

    const off = await live().request('PATCH', `/v1/webhooks/${webhook.id}`, { body: { ativo: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.ativo).toBe(false);
    expect((await live().get(`/v1/webhooks/${webhook.id}`)).body.ativo).toBe(false);
    const closed = await t.app.engine.db.webhookDelivery.findMany({ where: { webhookId: webhook.id } });
    expect(closed.map((d) => d.status)).toEqual(['falhou']);

    const during = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'durante' });
    expect((await live().post(`/v1/webhooks/${webhook.id}/reenvio`, { evento_id: before.id })).status).toBe(202);
    for (let i = 0; i < 3; i++) {
      await drainWebhooks(t.app.engine);
      clock.advance(HOUR);
    }
    expect(mine()).toHaveLength(1);
    const rows = await t.app.engine.db.webhookDelivery.findMany({ where: { webhookId: webhook.id } });
    expect(rows.every((d) => d.status === 'falhou')).toBe(true);
    expect(rows.some((d) => d.eventId === during.id)).toBe(false);

    const on = await live().request('PATCH', `/v1/webhooks/${webhook.id}`, { body: { ativo: true } });
    expect(on.body.ativo).toBe(true);
    const after = await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'depois' });
    await drainWebhooks(t.app.engine);
    expect(mine().map((r) => r.headers['x-service-event-id'])).toEqual([before.id, after.id]);

    expectProblem(
      await live().request('PATCH', `/v1/webhooks/${webhook.id}`, { body: { ativo: 'nao' } }),
      422,
      'validacao',
    );
    await live().delete(`/v1/webhooks/${webhook.id}`);
  }, 120_000);
});
