// POST /v1/webhooks/{id}/reenvio by lote_id with a real batch, made through
// POST /v1/lotes with a test key and completed by the worker; the receiver gets the batch's events only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { allItens, linha, settledStatus, waitLote } from '../support/lotes.js';
import { startReceiver } from '../support/webhooks.js';

let t: TestApp;
let account: SeededAccount;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // The worker runs: it validates and issues the batch, and delivers the resent events.
  t = await startTestApp({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
  account = await seedAccount(t.app.engine);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('POST /v1/webhooks/{id}/reenvio with lote_id', () => {
  it('resends a completed batch: its LOTE_EMISSAO_CONCLUIDO and its notes’ events, not another note’s', async () => {
    const company = await account.company();
    const http = httpClient(t.url, account.testKey);
    const created = await http.post('/v1/lotes', { empresa_id: company.id, itens: [linha(), linha()] });
    expect(created.status, created.text).toBe(202);
    const lote = await waitLote(http, created.body.id, settledStatus('concluido', 'erro'), 60_000, 500);
    expect(lote.status).toBe('concluido');
    const noteIds = (await allItens(http, lote.id)).map((l) => l.nfse_id as string);
    expect(noteIds).toHaveLength(2);
    const outside = await http.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=5' } });
    expect(outside.body.status, outside.text).toBe('autorizada');

    // Registered after everything happened: only the resend can deliver these events.
    const hook = await http.post('/v1/webhooks', {
      url: `${receiver.url}/lote`,
      eventos: ['NFSE_AUTORIZADA', 'LOTE_EMISSAO_CONCLUIDO'],
    });
    expect(hook.status, hook.text).toBe(201);
    const resent = await http.post(`/v1/webhooks/${hook.body.id}/reenvio`, { lote_id: lote.id });
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body).toEqual({ total: 3, continuar_desde: null });

    const expected = await t.app.engine.db.event.findMany({
      where: {
        accountId: account.accountId,
        environment: 'test',
        OR: [
          { tipo: 'LOTE_EMISSAO_CONCLUIDO', dados: { path: ['id'], equals: lote.id } },
          ...noteIds.map((id) => ({ tipo: 'NFSE_AUTORIZADA', dados: { path: ['id'], equals: id } })),
        ],
      },
    });
    expect(expected).toHaveLength(3);
    const got = await receiver.waitFor(3, 60_000);
    expect(got.map((r) => r.path)).toEqual(['/lote', '/lote', '/lote']);
    expect(new Set(got.map((r) => r.headers['x-service-event-id']))).toEqual(new Set(expected.map((e) => e.id)));
    const byType = (tipo: string) => got.filter((r) => r.body.tipo === tipo).map((r) => r.body.dados.id);
    expect(byType('LOTE_EMISSAO_CONCLUIDO')).toEqual([lote.id]);
    expect(byType('NFSE_AUTORIZADA').sort()).toEqual([...noteIds].sort());
    expect(got.some((r) => r.body.dados.id === outside.body.id)).toBe(false);
    const rows = await t.app.engine.db.webhookDelivery.findMany({ where: { webhookId: hook.body.id } });
    expect(rows.map((r) => r.origem)).toEqual(['reenvio', 'reenvio', 'reenvio']);
  }, 120_000);
});
