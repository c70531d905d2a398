import { describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);

describe('GET /v1/account', () => {
  it('shows the account, plan state, e-mail and the limits of the key environment', async () => {
    await acct.setPlan('inativo');
    const live = await httpClient(t.url, acct.liveKey).get('/v1/account');
    expect(live.status, live.text).toBe(200);
    expect(live.body).toMatchObject({ id: acct.accountId, plano: 'inativo', ambiente: 'producao' });
    expect(live.body.limites).toMatchObject({ requisicoes_por_minuto: 120, itens_por_lote: 5000 });
    const test = await httpClient(t.url, acct.testKey).get('/v1/account');
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ ambiente: 'sandbox', limites: { itens_por_lote: 100 } });
  });

  it('never shows another account', async () => {
    const other = await seedAccount(t.app.engine, 'Outra conta');
    const res = await httpClient(t.url, other.liveKey).get('/v1/account');
    expect(res.body.id).toBe(other.accountId);
    expect(res.body.nome).toBe('Outra conta');
  });
});

describe('GET /v1/usage', () => {
  it('counts the requests of each environment in the cycle; a test key may read it', async () => {
    const fresh = await seedAccount(t.app.engine, 'Conta de uso');
    const test = httpClient(t.url, fresh.testKey);
    const live = httpClient(t.url, fresh.liveKey);
    for (let i = 0; i < 3; i++) await live.get('/v1/companies');
    const first = await test.get('/v1/usage');
    expect(first.status, first.text).toBe(200);
    // Three live requests; the test key's own call is counted before it answers.
    expect(first.body.requisicoes).toEqual({ producao: 3, sandbox: 1 });
    expect(first.body.notas_emitidas).toEqual({ sandbox: 0, producao: 0 });
    expect(first.body.nfe_emitidas).toEqual({ sandbox: 0, producao: 0 });
    expect(first.body.documentos_recebidos).toEqual({ nfse: 0, nfe: 0, cte: 0 });
    expect(first.body.ciclo).toMatch(/^\d{4}-\d{2}$/);
    const second = await test.get('/v1/usage');
    expect(second.body.requisicoes.sandbox).toBe(2);
    // Another account's requests are not counted here.
    expect((await httpClient(t.url, acct.liveKey).get('/v1/usage')).body.requisicoes.producao).toBeGreaterThan(0);
    expect((await test.get('/v1/usage')).body.requisicoes.producao).toBe(3);
  });

  it('counts the NF-e authorised in the cycle per environment, not the rejected ones', async () => {
    const fresh = await seedAccount(t.app.engine, 'Conta de NF-e');
    const company = await fresh.company(NFE_COMPANY);
    const test = httpClient(t.url, fresh.testKey);
    const body = (referencia: string) => nfeBody({ empresa_id: company.id, referencia });
    expect((await test.post('/v1/nfe', body('uso-1'))).status).toBe(201);
    expect((await test.post('/v1/nfe', body('uso-2'))).status).toBe(201);
    expect(
      (await test.post('/v1/nfe', body('uso-3'), { headers: { 'x-service-simular': 'rejeitar:539' } })).status,
    ).toBe(422);
    const usage = await test.get('/v1/usage');
    expect(usage.status, usage.text).toBe(200);
    expect(usage.body.nfe_emitidas).toEqual({ sandbox: 2, producao: 0 });
    // NF-e are counted apart from NFS-e.
    expect(usage.body.notas_emitidas).toEqual({ sandbox: 0, producao: 0 });
    // Another account's notes are not counted here.
    expect((await httpClient(t.url, acct.testKey).get('/v1/usage')).body.nfe_emitidas).toEqual({
      sandbox: 0,
      producao: 0,
    });
  });

  it('counts as received only what GET /v1/documents?papel=RECEBIDA lists, not own notes captured back', async () => {
    const fresh = await seedAccount(t.app.engine, 'Conta de documentos');
    const company = await fresh.company();
    const now = t.app.engine.clock.now();
    const document = (tipo: string, papel: string, i: number) => ({
      id: crypto.randomUUID(),
      accountId: fresh.accountId,
      environment: 'live' as const,
      companyId: company.id,
      tipo,
      papel,
      chaveAcesso: String(i).padStart(44, '7'),
      origem: tipo === 'NFSE' ? 'ADN' : 'SEFAZ',
      nsu: BigInt(i),
      xml: '<x/>',
      createdAt: now,
      updatedAt: now,
    });
    await t.app.engine.db.receivedDocument.createMany({
      data: [
        document('NFSE', 'RECEBIDA', 1),
        document('NFSE', 'EMITIDA', 2),
        document('NFSE', 'EMITIDA', 3),
        document('NFE', 'RECEBIDA', 4),
        document('NFE', 'EMITIDA', 5),
      ],
    });
    const live = httpClient(t.url, fresh.liveKey);
    const usage = await live.get('/v1/usage');
    expect(usage.status, usage.text).toBe(200);
    expect(usage.body.documentos_recebidos).toEqual({ nfse: 1, nfe: 1, cte: 0 });
    const listed = await live.get('/v1/documents?papel=RECEBIDA&limite=100');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.itens).toHaveLength(2);
  });
});
