// A panel session reaches the batch report and each note's origin without /v1: the report through
// GET /painel/api/lotes/{id}/relatorio (the session's account, production only), the origin as `origem` on the
// notes the panel lists (lote for a batch line, api for a note issued alone).
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, httpClient, type Http } from '../support/http.js';
import { nodes } from '../support/graphql.js';
import { allItens, linha, settledStatus, waitLote } from '../support/lotes.js';
import { nfseBody } from '../support/nfse.js';
import { seedPessoa, signInPanel, type Panel } from '../support/painel.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let a: SeededAccount;
let company: SeededCompany;
let live: Http;
let panelA: Panel;
let panelB: Panel;
let loteId: string;
let testLoteId: string;
let avulsaId: string;

useTestApp((s) => ({ t, acct: a } = s));
beforeAll(async () => {
  const b = await seedAccount(t.app.engine, 'Conta B');
  company = await a.company();
  live = httpClient(t.url, a.liveKey);
  panelA = await signInPanel(t.url, await seedPessoa(t.app.engine, a.accountId));
  panelB = await signInPanel(t.url, await seedPessoa(t.app.engine, b.accountId));
  loteId = expectStatus(await live.post('/v1/lotes', { empresa_id: company.id, itens: [linha(), linha()] }), 202).id;
  testLoteId = expectStatus(
    await live.post('/v1/lotes', { empresa_id: company.id, itens: [linha()] }, { key: a.testKey }),
    202,
  ).id;
  avulsaId = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201).id;
  await waitLote(live, loteId, settledStatus('concluido'));
}, 60_000);

describe('GET /painel/api/lotes/{id}/relatorio', () => {
  it("is the same spreadsheet as /v1, for the session's production batch", async () => {
    const res = await fetch(`${t.url}/painel/api/lotes/${loteId}/relatorio`, { headers: { cookie: panelA.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="lote-${loteId}.xlsx"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rows: unknown[][] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(await res.arrayBuffer())]), {});
    for await (const sheet of reader) for await (const row of sheet) rows.push((row.values as unknown[]).slice(1));
    const linhas = await allItens(live, loteId);
    expect(rows[0]).toEqual([
      'linha',
      'referencia',
      'status',
      'numero',
      'chave_acesso',
      'nfse_id',
      'codigos',
      'mensagens',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual(linhas.map((l) => [l.linha, l.referencia, l.status]));
    expect(rows).toHaveLength(3);
  });

  it("another account's batch, a test batch and an unknown id are lote_nao_encontrado", async () => {
    for (const [panel, id] of [
      [panelB, loteId],
      [panelA, testLoteId],
      [panelA, 'nao-e-um-id'],
    ] as const) {
      const res = await panel.call('GET', `/painel/api/lotes/${id}/relatorio`);
      expect(res.status, `${id}`).toBe(404);
      expect(res.body.codigo).toBe('lote_nao_encontrado');
    }
  });

  it('needs a session, and an API key never reaches it', async () => {
    const anonymous = await fetch(`${t.url}/painel/api/lotes/${loteId}/relatorio`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).codigo).toBe('nao_autenticado');
    const withKey = await panelA.call('GET', `/painel/api/lotes/${loteId}/relatorio`, {
      headers: { authorization: `Bearer ${a.liveKey}` },
    });
    expect(withKey.status).toBe(401);
    expect(withKey.body.codigo).toBe('nao_autenticado');
  });
});

describe('origem of a note', () => {
  it('is lote for a batch line and api for a note issued alone, in lists and by id', async () => {
    const listed = await panelA.gql('{ notas(first: 10) { edges { node { id origem } } } }');
    expect(listed.errors).toBeUndefined();
    const batchNotes = (await allItens(live, loteId)).map((l) => l.nfse_id as string);
    expect(batchNotes).toHaveLength(2);
    const byId = Object.fromEntries(nodes(listed.data.notas).map((n) => [n.id, n.origem]));
    expect(byId).toEqual({ [avulsaId]: 'api', [batchNotes[0]!]: 'lote', [batchNotes[1]!]: 'lote' });
    const one = await panelA.gql('query($id: String!) { nfse(id: $id) { __typename ... on Nfse { origem } } }', {
      id: batchNotes[0],
    });
    expect(one.data.nfse).toEqual({ __typename: 'Nfse', origem: 'lote' });
  });
});
