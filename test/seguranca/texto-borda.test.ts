// Text PostgreSQL cannot keep (NUL, a lone surrogate) and bodies past the limits are the caller's errors, refused
// at the edge with the field or parameter named: never a 500 from the database, the stack or the response size.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import { erro, nfseBody } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let nfseCompany: string;
let nfeCompany: string;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);
beforeAll(async () => {
  nfseCompany = (await acct.company()).id;
  nfeCompany = (await acct.company(NFE_COMPANY)).id;
});

const http = () => httpClient(t.url, acct.testKey);
/** A body sent as written: JSON.stringify would not keep a lone surrogate as its escape. */
const rawPost = (path: string, json: string) =>
  http().request('POST', path, { raw: json, headers: { 'content-type': 'application/json' } });

const NUL = '\u0000';

describe('NUL and lone surrogates in a body', () => {
  it('POST /v1/nfse: 422 validacao naming tomador/nome, for NUL and for a lone surrogate; nothing stored', async () => {
    const nul = expectProblem(
      await http().post('/v1/nfse', nfseBody(nfseCompany, { tomador: { documento: '52998224725', nome: `A${NUL}B` } })),
      422,
      'validacao',
    );
    expect(erro(nul.erros, 'caractere_invalido', '/tomador/nome').mensagem).toMatch(/nulo/);
    const body = JSON.stringify(nfseBody(nfseCompany)).replace('"Cliente Ltda"', '"Cliente \\ud800 Ltda"');
    const surrogate = expectProblem(await rawPost('/v1/nfse', body), 422, 'validacao');
    expect(erro(surrogate.erros, 'caractere_invalido', '/tomador/nome').mensagem).toMatch(/surrogate/);
    expect(await t.app.engine.db.nfse.count({ where: { companyId: nfseCompany } })).toBe(0);
  });

  it('every body route refuses it the same way: NF-e, company, product, webhook, batch', async () => {
    const cases: Array<[string, unknown, string, string?]> = [
      ['/v1/nfe/previa', nfeBody({ empresa_id: nfeCompany, natureza_operacao: `Venda${NUL}` }), '/natureza_operacao'],
      ['/v1/companies', { cnpj: '11222333000181', razao_social: `X${NUL}` }, '/razao_social', acct.liveKey],
      ['/v1/produtos', { empresa_id: nfeCompany, sku: `S${NUL}`, descricao: 'x' }, '/sku'],
      ['/v1/webhooks', { url: 'https://example.com/h', eventos: [`NFSE_AUTORIZADA${NUL}`] }, '/eventos/0'],
      [
        '/v1/lotes',
        { empresa_id: nfseCompany, itens: [nfseBody(undefined, { referencia: `R${NUL}` })] },
        '/itens/0/referencia',
      ],
    ];
    for (const [path, body, campo, key] of cases) {
      const res = await http().post(path, body, { key });
      expect(res.status, `${path}: ${res.text.slice(0, 500)}`).toBe(422);
      const erros = (res.body.erros ?? []) as Array<Record<string, unknown>>;
      const messages = Array.isArray(res.body.message) ? (res.body.message as string[]) : [];
      // The companies family answers {statusCode, message[]}: the field travels inside each message.
      expect(
        erros.some((e) => e.codigo === 'caractere_invalido' && e.campo === campo) ||
          messages.some((m) => m.startsWith(`${campo.slice(1).replaceAll('/', '.')}: `)),
        `${path}: ${res.text.slice(0, 500)}`,
      ).toBe(true);
    }
  });

  it('a member name with NUL is refused at its pointer', async () => {
    const res = await http().post('/v1/nfse', { ...nfseBody(nfseCompany), [`x${NUL}`]: 1 });
    const problem = expectProblem(res, 422, 'validacao');
    expect(problem.erros[0]).toMatchObject({ codigo: 'caractere_invalido', campo: '/x\uFFFD' });
  });
});

describe('NUL in a path segment or a query value', () => {
  it('is 400 parametro_invalido naming the parameter', async () => {
    const sku = expectProblem(await http().get('/v1/produtos?sku_prefixo=%00'), 400, 'parametro_invalido');
    expect(sku.mensagem).toMatch(/sku_prefixo/);
    const rota = expectProblem(await http().get('/v1/requisicoes?rota=%2Fv1%00'), 400, 'parametro_invalido');
    expect(rota.mensagem).toMatch(/rota/);
    const path = await http().get('/v1/nfse/%00');
    expect(path.status, path.text).toBe(400);
    expect(path.body.mensagem).toMatch(/id/);
    const surrogate = await http().get('/v1/produtos?sku_prefixo=%ED%A0%80');
    expect(surrogate.status, surrogate.text).toBeLessThan(500);
  });

  it('GraphQL: a text argument with NUL is parametro_invalido, not erro_interno', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.testKey}` },
      body: JSON.stringify({
        query: 'query($p: String) { produtos(skuPrefixo: $p) { totalCount } }',
        variables: { p: NUL },
      }),
    });
    const body = (await res.json()) as { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
    expect(body.errors?.[0]?.extensions?.codigo, JSON.stringify(body)).toBe('parametro_invalido');
    expect(body.errors?.[0]?.message).toMatch(/sku_prefixo/);
  });
});

describe('bodies past the limits', () => {
  it('JSON nested 100,000 levels deep is 422 profundidade_excedida, not a stack overflow', async () => {
    const deep = `{"tomador":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const problem = expectProblem(await rawPost('/v1/nfse', deep), 422, 'validacao');
    expect(problem.erros).toHaveLength(1);
    expect(problem.erros[0]).toMatchObject({ codigo: 'profundidade_excedida' });
    expect(problem.erros[0].campo).toMatch(/^\/tomador(\/0)+$/);
  });

  it('a webhook with 100,000 unknown eventos answers a small 422 at once', async () => {
    const eventos = Array.from({ length: 100_000 }, (_, i) => `EVENTO_${i}`);
    const started = performance.now();
    const res = await http().post('/v1/webhooks', { url: 'https://example.com/h', eventos });
    const problem = expectProblem(res, 422, 'validacao');
    expect(problem.erros[0]).toMatchObject({ codigo: 'lista_muito_longa', campo: '/eventos' });
    expect(res.text.length).toBeLessThan(16_000);
    // Generous: the same request took seconds to answer megabytes when every item was reported.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('5,000 unknown eventos: the first 100 reported and the rest counted in one entry', async () => {
    const eventos = Array.from({ length: 5_000 }, (_, i) => `EVENTO_${i}`);
    const res = await http().post('/v1/webhooks', { url: 'https://example.com/h', eventos });
    const problem = expectProblem(res, 422, 'validacao');
    expect(problem.erros).toHaveLength(101);
    expect(problem.erros[0]).toMatchObject({ codigo: 'evento_desconhecido', campo: '/eventos/0' });
    expect(problem.erros[100]).toMatchObject({ codigo: 'erros_omitidos', campo: '' });
    expect(problem.erros[100].mensagem).toMatch(/Há mais \d{4} problemas além dos 100 listados/);
    expect(res.text.length).toBeLessThan(64_000);
  });

  it('POST /v1/nfe/previa with 1,500 items: one problem for the list, no item read', async () => {
    const itens = Array.from({ length: 1_500 }, () => ({ codigo: 'X' }));
    const res = await http().post('/v1/nfe/previa', nfeBody({ empresa_id: nfeCompany, itens }));
    const problem = expectProblem(res, 422, 'validacao');
    expect(problem.erros.filter((e: { campo: string }) => e.campo.startsWith('/itens'))).toEqual([
      expect.objectContaining({ campo: '/itens', mensagem: expect.stringMatching(/990/) }),
    ]);
    expect(res.text.length).toBeLessThan(16_000);
  });
});
