// JSON intake, line validation by the single-note
// validator, ja_existente, the status flow and LOTE_EMISSAO_CONCLUIDO once with the batch as GET shows it.
import { beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '../support/eventos.js';
import { httpClient, expectProblem, type Http } from '../support/http.js';
import { allNotes, nfseBody } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { allItens, linha, settledStatus, waitLote } from '../support/lotes.js';
import { useTestApp } from '../support/use-test-app.js';
import { graphql } from '../support/graphql.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let http: Http;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  company = await acct.company();
  http = httpClient(t.url, acct.testKey);
});

describe('POST /v1/lotes with JSON (emitir_validas)', () => {
  it('validates each line like POST /v1/nfse, issues the valid ones and completes once with LOTE_EMISSAO_CONCLUIDO', async () => {
    const single = await http.post('/v1/nfse', nfseBody(company.id));
    expect(single.status, single.text).toBe(201);
    const bad = linha({ valor: 100, tomador: { documento: '123' } });
    const itens = [linha(), bad, linha({ referencia: single.body.referencia }), linha(), linha()];
    const res = await http.post('/v1/lotes', { empresa_id: company.id, itens });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({
      status: 'validando',
      ao_validar: 'emitir_validas',
      origem: 'json',
      total: 5,
      empresa_id: company.id,
      ambiente: 'sandbox',
    });

    const lote = await waitLote(http, res.body.id, settledStatus('concluido', 'erro'));
    expect(lote.status).toBe('concluido');
    expect(lote.contagens).toMatchObject({
      autorizada: 3,
      com_erro_validacao: 1,
      ja_existente: 1,
      transmitindo: 0,
      aguardando_emissao: 0,
    });
    expect(lote.concluido_em).not.toBeNull();

    const linhas = await allItens(http, lote.id);
    expect(linhas.map((l) => [l.linha, l.status])).toEqual([
      [1, 'autorizada'],
      [2, 'com_erro_validacao'],
      [3, 'ja_existente'],
      [4, 'autorizada'],
      [5, 'autorizada'],
    ]);
    // The same validation function: the line's erros equal what POST /v1/nfse/validacoes says of the same body.
    const single422 = await http.post('/v1/nfse/validacoes', { ...bad, empresa_id: company.id });
    expect(linhas[1]!.erros.map((e: any) => [e.codigo, e.campo, e.mensagem])).toEqual(
      single422.body.erros.map((e: any) => [e.codigo, e.campo, e.mensagem]),
    );
    expect(linhas[1]!.erros.map((e: any) => e.campo)).toEqual(expect.arrayContaining(['/valor', '/tomador/documento']));
    expect(linhas[0]!.numero).toBeTruthy();
    expect(linhas[0]!.chave_acesso).toMatch(/^\d{50}$/);
    expect(linhas[2]!.nfse_id).toBeNull();

    // Batch notes are notes like any other: listed, and their events are in the log.
    const notes = await allNotes(http);
    for (const l of [linhas[0]!, linhas[3]!, linhas[4]!])
      expect(notes.find((n) => n.id === l.nfse_id)?.status).toBe('autorizada');
    const events = await allEvents(http);
    const concluded = events.filter((e) => e.tipo === 'LOTE_EMISSAO_CONCLUIDO' && e.dados.id === lote.id);
    expect(concluded).toHaveLength(1);
    const now = await http.get(`/v1/lotes/${lote.id}`);
    expect(concluded[0]!.dados).toEqual(now.body);
    const authorised = events.filter(
      (e) => e.tipo === 'NFSE_AUTORIZADA' && [linhas[0], linhas[3], linhas[4]].some((l) => l!.nfse_id === e.dados.id),
    );
    expect(authorised).toHaveLength(3);
    // The batch event follows the last note's.
    expect(events.indexOf(concluded[0]!)).toBeGreaterThan(Math.max(...authorised.map((e) => events.indexOf(e))));
  });

  it('a batch with no valid line completes at once', async () => {
    const res = await http.post('/v1/lotes', { empresa_id: company.id, itens: [linha({ valor: '-1' })] });
    expect(res.status, res.text).toBe(202);
    const lote = await waitLote(http, res.body.id, settledStatus('concluido'));
    expect(lote.contagens.com_erro_validacao).toBe(1);
    const events = (await allEvents(http)).filter((e) => e.tipo === 'LOTE_EMISSAO_CONCLUIDO' && e.dados.id === lote.id);
    expect(events).toHaveLength(1);
  });

  it('a repeated referencia inside the batch is an error of the later line; a line without referencia too', async () => {
    const first = linha();
    const { referencia: _omit, ...sem } = linha();
    const res = await http.post('/v1/lotes', {
      empresa_id: company.id,
      itens: [first, { ...linha(), referencia: first.referencia }, sem],
    });
    const lote = await waitLote(http, res.body.id, settledStatus('concluido'));
    const linhas = await allItens(http, lote.id);
    expect(linhas[0]!.status).toBe('autorizada');
    expect(linhas[1]!.erros.map((e: any) => [e.codigo, e.campo])).toEqual([['referencia_duplicada', '/referencia']]);
    expect(linhas[2]!.erros.map((e: any) => [e.codigo, e.campo])).toEqual([['campo_obrigatorio', '/referencia']]);
  });
});

describe('createLote with LoteInput', () => {
  it("keeps its typed lines in the API's names and judges them as POST /v1/lotes does", async () => {
    const line = (over: Record<string, unknown> = {}) => ({
      referencia: `gql-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      tomador: { documento: '52998224725', nome: 'Cliente' },
      valor: '100.00',
      servico: { descricao: 'Consultoria', issRetido: false },
      ...over,
    });
    const data = await graphql(
      t.url,
      acct.testKey,
      `
        mutation ($input: LoteInput!) {
          createLote(input: $input) {
            __typename
            ... on Lote {
              id
            }
          }
        }
      `,
      { input: { empresaId: company.id, itens: [line(), line({ valor: '0' })] } },
    );
    const lote = await waitLote(http, data.createLote.id, settledStatus('concluido'));
    const [ok, bad] = await allItens(http, lote.id);
    expect(bad!.erros.map((e: any) => [e.codigo, e.campo])).toEqual([['formato_invalido', '/valor']]);
    const stored = (await t.app.engine.db.nfse.findUniqueOrThrow({ where: { id: ok!.nfse_id } })).request as Record<
      string,
      any
    >;
    expect(stored.servico).toEqual({ descricao: 'Consultoria', iss_retido: false });
  });
});

describe('POST /v1/lotes refusals', () => {
  it('404 empresa_nao_encontrada, 412 empresa_nao_pronta, 422 above 100 items with a test key or without itens', async () => {
    expectProblem(
      await http.post('/v1/lotes', { empresa_id: '01930000-0000-7000-8000-000000000000', itens: [linha()] }),
      404,
      'empresa_nao_encontrada',
    );
    const unready = await acct.company({}, { certificate: false });
    const blocked = expectProblem(
      await http.post('/v1/lotes', { empresa_id: unready.id, itens: [linha()] }),
      412,
      'empresa_nao_pronta',
    );
    expect(blocked.itens.length).toBeGreaterThan(0);
    const many = expectProblem(
      await http.post('/v1/lotes', { empresa_id: company.id, itens: Array.from({ length: 101 }, () => linha()) }),
      422,
      'validacao',
    );
    expect(many.erros.map((e: any) => [e.codigo, e.campo])).toEqual([['limite_de_itens', '/itens']]);
    const none = expectProblem(
      await http.post('/v1/lotes', { empresa_id: company.id, itens: [], extra: 1 }),
      422,
      'validacao',
    );
    expect(none.erros.map((e: any) => e.campo).sort()).toEqual(['/extra', '/itens']);
    expectProblem(
      await http.post('/v1/lotes', { empresa_id: company.id, ao_validar: 'talvez', itens: [linha()] }),
      422,
      'validacao',
    );
    expect((await http.get('/v1/lotes')).body.dados.filter((l: any) => l.empresa_id === unready.id)).toHaveLength(0);
  });

  it('Idempotency-Key: same body → the stored 202 and one batch; another body → 409 idempotencia_conflito', async () => {
    const body = { empresa_id: company.id, itens: [linha()] };
    const key = `lote-${Date.now()}`;
    const a = await http.post('/v1/lotes', body, { headers: { 'idempotency-key': key } });
    const b = await http.post('/v1/lotes', body, { headers: { 'idempotency-key': key } });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body).toEqual(a.body);
    expectProblem(
      await http.post('/v1/lotes', { ...body, ao_validar: 'aguardar' }, { headers: { 'idempotency-key': key } }),
      409,
      'idempotencia_conflito',
    );
    await waitLote(http, a.body.id, settledStatus('concluido'));
  });

  it('a live key sees nothing of the test batches (404)', async () => {
    const res = await http.post('/v1/lotes', { empresa_id: company.id, itens: [linha()] });
    const live = httpClient(t.url, acct.liveKey);
    expectProblem(await live.get(`/v1/lotes/${res.body.id}`), 404, 'lote_nao_encontrado');
    await waitLote(http, res.body.id, settledStatus('concluido'));
  });
});
