// Listing batches and lines, manual emission and reprocessing.
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { allEvents } from '../support/eventos.js';
import { graphql } from '../support/graphql.js';
import { httpClient, expectProblem, type Http } from '../support/http.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { allItens, linha, settledStatus, waitLote } from '../support/lotes.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let http: Http;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  company = await acct.company();
  http = httpClient(t.url, acct.testKey);
});

const create = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await http.post('/v1/lotes', { empresa_id: company.id, ...body }, { headers });
  expect(res.status, res.text).toBe(202);
  return res.body as Record<string, any>;
};

describe('GET /v1/lotes and /v1/lotes/{id}/itens', () => {
  it('pages batches newest first with limite 1..100 and lines in order with limite 1..500 and a status filter', async () => {
    const other = await seedAccount(t.app.engine, 'Outra');
    const otherCompany = await other.company();
    const mine = httpClient(t.url, other.testKey);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await mine.post('/v1/lotes', {
        empresa_id: otherCompany.id,
        ao_validar: 'aguardar',
        itens: [linha(), linha({ valor: 'x' }), linha()],
      });
      ids.push(res.body.id);
    }
    const first = await mine.get('/v1/lotes?limite=2');
    expect(first.status).toBe(200);
    expect(first.body.dados.map((l: any) => l.id)).toEqual([ids[2], ids[1]]);
    const second = await mine.get(`/v1/lotes?limite=2&cursor=${first.body.proximo_cursor}`);
    expect(second.body.dados.map((l: any) => l.id)).toEqual([ids[0]]);
    expect(second.body.proximo_cursor).toBeNull();
    expectProblem(await mine.get('/v1/lotes?limite=101'), 400, 'parametro_invalido');
    expectProblem(await mine.get('/v1/lotes?limite=0'), 400, 'parametro_invalido');
    expectProblem(await mine.get('/v1/lotes?cursor=nao-e-cursor'), 400, 'parametro_invalido');
    expectProblem(await mine.get('/v1/lotes/01930000-0000-7000-8000-000000000000'), 404, 'lote_nao_encontrado');
    // Another account's batch is not found.
    expectProblem(await http.get(`/v1/lotes/${ids[0]}`), 404, 'lote_nao_encontrado');

    const lote = await waitLote(mine, ids[0]!, settledStatus('aguardando_emissao'));
    expect(lote.contagens).toMatchObject({ aguardando_emissao: 2, com_erro_validacao: 1 });
    const page = await mine.get(`/v1/lotes/${lote.id}/itens?limite=2`);
    expect(page.body.dados.map((l: any) => l.linha)).toEqual([1, 2]);
    const rest = await mine.get(`/v1/lotes/${lote.id}/itens?limite=2&cursor=${page.body.proximo_cursor}`);
    expect(rest.body.dados.map((l: any) => l.linha)).toEqual([3]);
    expect(rest.body.proximo_cursor).toBeNull();
    const erros = await mine.get(`/v1/lotes/${lote.id}/itens?status=com_erro_validacao`);
    expect(erros.body.dados.map((l: any) => [l.linha, l.erros[0].campo])).toEqual([[2, '/valor']]);
    expectProblem(await mine.get(`/v1/lotes/${lote.id}/itens?limite=501`), 400, 'parametro_invalido');
    expectProblem(await mine.get(`/v1/lotes/${lote.id}/itens?status=qualquer`), 400, 'parametro_invalido');
  });
});

describe('POST /v1/lotes/{id}/emissao', () => {
  it('issues the chosen lines once; the other valid lines become descartada; wrong moments are 409', async () => {
    const automatic = await create({ itens: [linha()] });
    expectProblem(
      await http.post(`/v1/lotes/${automatic.id}/emissao`, { todas: true }),
      409,
      'lote_sem_emissao_manual',
    );

    const lote = await create({ ao_validar: 'aguardar', itens: [linha(), linha(), linha({ valor: 'x' }), linha()] });
    const waiting = await waitLote(http, lote.id, settledStatus('aguardando_emissao'));
    expect(waiting.contagens).toMatchObject({
      aguardando_emissao: 3,
      com_erro_validacao: 1,
      transmitindo: 0,
      autorizada: 0,
    });
    expectProblem(await http.post(`/v1/lotes/${lote.id}/emissao`, { todas: true, linhas: [1] }), 422, 'validacao');
    expectProblem(await http.post(`/v1/lotes/${lote.id}/emissao`, { linhas: [3] }), 422, 'validacao');
    // The body's every problem at once, pointing into it.
    const malformed = expectProblem(
      await http.post(`/v1/lotes/${lote.id}/emissao`, { linhas: [1.5, '2', 0], extra: true }),
      422,
      'validacao',
    );
    expect(malformed.erros.map((e: { codigo: string; campo: string }) => `${e.codigo} ${e.campo}`).sort()).toEqual([
      'campo_desconhecido /extra',
      'formato_invalido /linhas/0',
      'formato_invalido /linhas/2',
      'tipo_invalido /linhas/1',
    ]);
    // GraphQL's typed input reaches the same declaration.
    const both = await graphql(
      t.url,
      acct.testKey,
      `
        mutation ($id: String!, $input: LoteEmissaoInput!) {
          emitLote(id: $id, input: $input) {
            __typename
            ... on DomainError {
              codigo
              erros {
                codigo
                campo
              }
            }
          }
        }
      `,
      { id: lote.id, input: { todas: true, linhas: [1] } },
    );
    expect(both.emitLote).toEqual({
      __typename: 'DomainError',
      codigo: 'validacao',
      erros: [{ codigo: 'formato_invalido', campo: '' }],
    });

    const emitted = await http.post(`/v1/lotes/${lote.id}/emissao`, { linhas: [1, 4] });
    expect(emitted.status, emitted.text).toBe(200);
    expect(emitted.body.status).toBe('processando');
    expectProblem(await http.post(`/v1/lotes/${lote.id}/emissao`, { todas: true }), 409, 'lote_ja_emitido');
    const done = await waitLote(http, lote.id, settledStatus('concluido'));
    expect(done.contagens).toMatchObject({
      autorizada: 2,
      descartada: 1,
      com_erro_validacao: 1,
      aguardando_emissao: 0,
    });
    expect((await allItens(http, lote.id)).map((l) => l.status)).toEqual([
      'autorizada',
      'descartada',
      'com_erro_validacao',
      'autorizada',
    ]);
    expect(
      (await allEvents(http)).filter((e) => e.tipo === 'LOTE_EMISSAO_CONCLUIDO' && e.dados.id === lote.id),
    ).toHaveLength(1);

    // A batch still validating (its validation held by another process's lease) cannot be issued yet.
    const now = new Date();
    const validating = await t.app.engine.db.lote.create({
      data: {
        id: newId(),
        accountId: acct.accountId,
        environment: 'test',
        companyId: company.id,
        status: 'validando',
        aoValidar: 'aguardar',
        origem: 'json',
        total: 1,
        lockedUntil: new Date(now.getTime() + 3_600_000),
        createdAt: now,
        updatedAt: now,
        itens: { create: [{ id: newId(), linha: 1, status: 'validando', request: linha(), updatedAt: now }] },
      },
    });
    expectProblem(await http.post(`/v1/lotes/${validating.id}/emissao`, { todas: true }), 409, 'lote_validando');
    expectProblem(
      await http.post(`/v1/lotes/${validating.id}/reprocessamento`, { itens: [{ linha: 1, ...linha() }] }),
      409,
      'lote_validando',
    );

    const all = await create({ ao_validar: 'aguardar', itens: [linha(), linha()] });
    await waitLote(http, all.id, settledStatus('aguardando_emissao'));
    expect((await http.post(`/v1/lotes/${all.id}/emissao`, { todas: true })).status).toBe(200);
    expect((await waitLote(http, all.id, settledStatus('concluido'))).contagens.autorizada).toBe(2);
  });
});

describe('a batch whose validating process died halfway', () => {
  it('shows only the lines judged; a worker judges the rest once, duplicates of judged lines included', async () => {
    const now = new Date();
    const [a, b] = [linha(), linha()];
    const lines = [
      { linha: 1, status: 'aguardando_emissao', referencia: a.referencia, request: a, nfseId: newId() },
      {
        linha: 2,
        status: 'com_erro_validacao',
        referencia: null,
        request: linha({ referencia: undefined }),
        erros: [{ codigo: 'campo_obrigatorio', campo: '/referencia', mensagem: 'x', correcao: 'y' }],
      },
      { linha: 3, status: 'validando', referencia: a.referencia, request: linha({ referencia: a.referencia }) },
      { linha: 4, status: 'validando', referencia: b.referencia, request: b },
      { linha: 5, status: 'validando', referencia: b.referencia, request: linha({ referencia: b.referencia }) },
    ];
    const lease = (ms: number) => new Date(now.getTime() + ms);
    const lote = await t.app.engine.db.lote.create({
      data: {
        id: newId(),
        accountId: acct.accountId,
        environment: 'test',
        companyId: company.id,
        status: 'validando',
        aoValidar: 'aguardar',
        origem: 'json',
        total: lines.length,
        lockedUntil: lease(3_600_000),
        createdAt: now,
        updatedAt: now,
        itens: { create: lines.map((l) => ({ id: newId(), updatedAt: now, ...l })) },
      },
    });
    const halfway = (await http.get(`/v1/lotes/${lote.id}`)).body;
    expect(halfway.contagens).toMatchObject({ aguardando_emissao: 1, com_erro_validacao: 1 });
    expect((await allItens(http, lote.id)).map((l) => l.linha)).toEqual([1, 2]);

    // Its lease runs out: the worker resumes the validation.
    await t.app.engine.db.lote.update({ where: { id: lote.id }, data: { lockedUntil: lease(-1000) } });
    const done = await waitLote(http, lote.id, settledStatus('aguardando_emissao'));
    expect(done.contagens).toMatchObject({ aguardando_emissao: 2, com_erro_validacao: 3 });
    const itens = await allItens(http, lote.id);
    expect(itens.map((l) => [l.linha, l.status, l.erros.map((e: { codigo: string }) => e.codigo)])).toEqual([
      [1, 'aguardando_emissao', []],
      [2, 'com_erro_validacao', ['campo_obrigatorio']],
      [3, 'com_erro_validacao', ['referencia_duplicada']],
      [4, 'aguardando_emissao', []],
      [5, 'com_erro_validacao', ['referencia_duplicada']],
    ]);
    expect(itens[2]!.erros[0].mensagem).toContain('linha 1');
    expect(itens[4]!.erros[0].mensagem).toContain('linha 4');
  });
});

describe('a batch that cannot proceed', () => {
  it('goes to erro with the reason when its company lost the certificate before emission', async () => {
    const other = await acct.company();
    const res = await http.post('/v1/lotes', { empresa_id: other.id, ao_validar: 'aguardar', itens: [linha()] });
    await waitLote(http, res.body.id, settledStatus('aguardando_emissao'));
    await t.app.engine.db.certificate.delete({ where: { companyId: other.id } });
    expect((await http.post(`/v1/lotes/${res.body.id}/emissao`, { todas: true })).status).toBe(200);
    const lote = await waitLote(http, res.body.id, settledStatus('erro'));
    expect(lote.erro).toMatchObject({ codigo: 'empresa_nao_pronta' });
    expect(lote.contagens.aguardando_emissao).toBe(1);
  });
});

describe('a batch note that waits for confirmation', () => {
  it('counts as settled; confirmed back into transmission it reopens the batch, which completes again without a second event', async () => {
    const res = await http.post(
      '/v1/lotes',
      { empresa_id: company.id, itens: [linha()] },
      { headers: { 'x-service-simular': 'competencia_encerrada' } },
    );
    const first = await waitLote(http, res.body.id, settledStatus('concluido'), 60_000, 250);
    expect(first.contagens.aguardando_confirmacao).toBe(1);
    const [item] = await allItens(http, res.body.id);
    const confirmed = await http.post(`/v1/nfse/${item!.nfse_id}/confirmacao`, {});
    expect(confirmed.status, confirmed.text).toBe(200);
    const again = await waitLote(http, res.body.id, settledStatus('concluido'), 60_000, 250);
    expect(again.contagens).toMatchObject({ autorizada: 1, aguardando_confirmacao: 0 });
    expect(again.concluido_em).toBe(first.concluido_em);
    expect(
      (await allEvents(http)).filter((e) => e.tipo === 'LOTE_EMISSAO_CONCLUIDO' && e.dados.id === res.body.id),
    ).toHaveLength(1);
  });
});

describe('POST /v1/lotes/{id}/reprocessamento', () => {
  it('replaces lines in error and rejected lines; other lines are 409 naming the line; the event is not sent twice', async () => {
    const lote = await create({ itens: [linha(), linha({ valor: 'x' })] });
    const done = await waitLote(http, lote.id, settledStatus('concluido'));
    expect(done.contagens).toMatchObject({ autorizada: 1, com_erro_validacao: 1 });

    const refused = expectProblem(
      await http.post(`/v1/lotes/${lote.id}/reprocessamento`, { itens: [{ linha: 1, ...linha() }] }),
      409,
      'lote_linha_nao_reprocessavel',
    );
    expect(refused.mensagem).toContain('linha 1');
    const stillBad = await http.post(`/v1/lotes/${lote.id}/reprocessamento`, {
      itens: [{ linha: 2, ...linha({ valor: 'y' }) }],
    });
    expect(stillBad.status, stillBad.text).toBe(200);
    expect((await allItens(http, lote.id))[1]!.erros.map((e: any) => e.campo)).toEqual(['/valor']);

    const fixed = await http.post(`/v1/lotes/${lote.id}/reprocessamento`, { itens: [{ linha: 2, ...linha() }] });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.status).toBe('processando');
    const again = await waitLote(http, lote.id, settledStatus('concluido'));
    expect(again.contagens).toMatchObject({ autorizada: 2, com_erro_validacao: 0 });
    expect(
      (await allEvents(http)).filter((e) => e.tipo === 'LOTE_EMISSAO_CONCLUIDO' && e.dados.id === lote.id),
    ).toHaveLength(1);
    expectProblem(
      await http.post(`/v1/lotes/${lote.id}/reprocessamento`, { itens: [{ linha: 9, ...linha() }] }),
      422,
      'validacao',
    );
  });

  it("a rejected line is issued again as a new note; keeping the rejected note's referencia is an error of the line", async () => {
    const lote = await create({ itens: [linha()] }, { 'x-service-simular': 'rejeitar' });
    await waitLote(http, lote.id, settledStatus('concluido'));
    const [rejected] = await allItens(http, lote.id);
    expect(rejected!.status).toBe('rejeitada');
    expect(rejected!.rejeicao.codigo_oficial).toBeTruthy();

    const same = await http.post(`/v1/lotes/${lote.id}/reprocessamento`, {
      itens: [{ linha: 1, ...linha({ referencia: rejected!.referencia }) }],
    });
    expect(same.status, same.text).toBe(200);
    expect((await allItens(http, lote.id))[0]!.erros.map((e: any) => [e.codigo, e.campo])).toEqual([
      ['referencia_duplicada', '/referencia'],
    ]);

    expect(
      (await http.post(`/v1/lotes/${lote.id}/reprocessamento`, { itens: [{ linha: 1, ...linha() }] })).status,
    ).toBe(200);
    await waitLote(http, lote.id, settledStatus('concluido'));
    const [reissued] = await allItens(http, lote.id);
    expect(reissued!.nfse_id).not.toBe(rejected!.nfse_id);
    expect(reissued!.status).toBe('rejeitada');
    expect((await http.get(`/v1/nfse/${rejected!.nfse_id}`)).body.status).toBe('rejeitada');
  });
});
