import { describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let seq = 0;

useTestApp((s) => ({ t, acct } = s));

const sku = () => `SKU-${Date.now().toString(36)}-${++seq}`;
const agua = (empresaId: string | undefined, extra: Record<string, unknown> = {}) => ({
  ...(empresaId ? { empresa_id: empresaId } : {}),
  sku: sku(),
  descricao: 'Água mineral sem gás 500 ml',
  ncm: '2201.10.00',
  cest: '03.001.00',
  unidade: 'UN',
  origem: 0,
  ...extra,
});
const patch = (key: string, path: string, body: unknown) => httpClient(t.url, key).request('PATCH', path, { body });

describe('POST /v1/produtos', () => {
  it('registers a product with normalised codes, "SEM GTIN" as cEAN and tax defaults as decimal strings', async () => {
    const company = await acct.company();
    const body = agua(company.id, {
      gtin: 'SEM GTIN',
      tributacao: {
        cfop: '5102',
        icms: { csosn: '102' },
        pis: { cst: '01', aliquota: '1.65' },
        cofins: { cst: '01', aliquota: '7.60' },
      },
    });
    const res = await httpClient(t.url, acct.liveKey).post('/v1/produtos', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      empresa_id: company.id,
      sku: body.sku,
      ncm: '22011000',
      cest: '0300100',
      gtin: null,
      cean: 'SEM GTIN',
      origem: '0',
      ambiente: 'producao',
      tributacao: {
        cfop: '5102',
        icms: { csosn: '102' },
        pis: { cst: '01', aliquota: '1.65' },
        cofins: { cst: '01', aliquota: '7.60' },
      },
    });
    expect(res.body.tributacao.icms).not.toHaveProperty('cst');
  });

  it('origem is a code: the text "0" to "8", or the integer, kept and returned as its text', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    for (const [sent, kept] of [
      ['3', '3'],
      [3, '3'],
      [0, '0'],
      [' 8 ', '8'],
    ] as const) {
      const res = await live.post('/v1/produtos', agua(company.id, { origem: sent }));
      expect(res.status, res.text).toBe(201);
      expect(res.body.origem).toBe(kept);
    }
    for (const [sent, codigo] of [
      ['9', 'formato_invalido'],
      [9, 'formato_invalido'],
      [1.5, 'tipo_invalido'],
      ['00', 'formato_invalido'],
      [true, 'tipo_invalido'],
    ] as const) {
      const res = await live.post('/v1/produtos', agua(company.id, { origem: sent }));
      expect(res.status, `${JSON.stringify(sent)}: ${res.text}`).toBe(422);
      expect(res.body.erros.map((e: { codigo: string; campo: string }) => `${e.codigo} ${e.campo}`)).toEqual([
        `${codigo} /origem`,
      ]);
    }
  });

  it('keeps a valid GTIN and shows it as cEAN', async () => {
    const company = await acct.company();
    const res = await httpClient(t.url, acct.liveKey).post('/v1/produtos', agua(company.id, { gtin: '7894900011517' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ gtin: '7894900011517', cean: '7894900011517' });
  });

  it('reports every official-table refusal at once in problem+json erros[] with JSON Pointers', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const bad = await live.post(
      '/v1/produtos',
      agua(company.id, { ncm: '12345678', cest: '9999999', gtin: '7894900011518' }),
    );
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(bad.body).toMatchObject({ codigo: 'validacao', requisicao_id: bad.requestId });
    expect(bad.body.erros.map((e: { codigo: string; campo: string }) => [e.codigo, e.campo])).toEqual([
      ['ncm_inexistente', '/ncm'],
      ['cest_inexistente', '/cest'],
      ['gtin_digito_invalido', '/gtin'],
    ]);
    const fora = await live.post('/v1/produtos', agua(company.id, { ncm: '59039000', gtin: '2001234567893' }));
    expect(fora.body.erros.map((e: { codigo: string }) => e.codigo)).toEqual([
      'ncm_fora_de_vigencia',
      'cest_incompativel_ncm',
      'gtin_prefixo_invalido',
    ]);
    const curto = await live.post('/v1/produtos', agua(company.id, { ncm: '22021000', cest: null, gtin: '123' }));
    expect(curto.body.erros.map((e: { codigo: string }) => e.codigo)).toEqual(['gtin_invalido']);
  });

  it('reports shape problems (missing, wrong type, unknown member, bad rate) before touching the tables', async () => {
    const company = await acct.company();
    const res = await httpClient(t.url, acct.liveKey).post('/v1/produtos', {
      empresa_id: company.id,
      sku: 'X',
      ncm: 22011000,
      unidade: 'UN',
      origem: 9,
      cor: 'azul',
      tributacao: { icms: { cst: '00', csosn: '102', aliquota: 18 }, ipi: { aliquota: '101' } },
    });
    expect(res.status).toBe(422);
    const pairs = res.body.erros.map((e: { codigo: string; campo: string }) => `${e.codigo} ${e.campo}`);
    expect(pairs).toEqual(
      expect.arrayContaining([
        'campo_desconhecido /cor',
        'campo_obrigatorio /descricao',
        'tipo_invalido /ncm',
        'formato_invalido /origem',
        'tipo_invalido /tributacao/icms/aliquota',
        'formato_invalido /tributacao/icms',
        'formato_invalido /tributacao/ipi/aliquota',
      ]),
    );
    expect(pairs).toHaveLength(7);
  });

  it('refuses a SKU the company already has (409), but the same SKU in another company or environment is another product', async () => {
    const a = await acct.company();
    const b = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const body = agua(a.id);
    expect((await live.post('/v1/produtos', body)).status).toBe(201);
    const dup = await live.post('/v1/produtos', body);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ codigo: 'sku_duplicado', campo: '/sku' });
    expect((await live.post('/v1/produtos', { ...body, empresa_id: b.id })).status).toBe(201);
    const test = await httpClient(t.url, acct.testKey).post('/v1/produtos', body);
    expect(test.status).toBe(201);
    expect(test.body.ambiente).toBe('sandbox');
  });

  it('lets exactly one of two simultaneous registrations of a SKU win; the other is 409 sku_duplicado', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const body = agua(company.id);
    const results = await Promise.all([live.post('/v1/produtos', body), live.post('/v1/produtos', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.codigo).toBe('sku_duplicado');
  });

  it('replays the same Idempotency-Key and body, and refuses a different body (409 idempotencia_conflito)', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const body = agua(company.id);
    const headers = { 'idempotency-key': `prod-${body.sku}` };
    const first = await live.post('/v1/produtos', body, { headers });
    const again = await live.post('/v1/produtos', body, { headers });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const other = await live.post('/v1/produtos', { ...body, descricao: 'Outra' }, { headers });
    expect(other.status).toBe(409);
    expect(other.body.codigo).toBe('idempotencia_conflito');
  });
});

describe('company scoping', () => {
  it('a restricted key needs no empresa_id, cannot use another company (403) and sees only its products', async () => {
    const a = await acct.company();
    const b = await acct.company();
    const restricted = httpClient(t.url, await acct.key('live', a.id));
    const own = await restricted.post('/v1/produtos', agua(undefined));
    expect(own.status).toBe(201);
    expect(own.body.empresa_id).toBe(a.id);
    const denied = await restricted.post('/v1/produtos', agua(b.id));
    expect(denied.status).toBe(403);
    expect(denied.body.codigo).toBe('acesso_negado');
    const inB = await httpClient(t.url, acct.liveKey).post('/v1/produtos', agua(b.id));
    expect((await restricted.get(`/v1/produtos/${inB.body.sku}`)).status).toBe(404);
    const list = await restricted.get('/v1/produtos');
    expect(new Set(list.body.dados.map((p: { empresa_id: string }) => p.empresa_id))).toEqual(new Set([a.id]));
  });

  it('answers a missing key with 401 problem+json, like the other NF-e family routes', async () => {
    const res = await httpClient(t.url).get('/v1/produtos');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.codigo).toBe('nao_autenticado');
  });

  it("an account key must name the company; another account's company is 404", async () => {
    const live = httpClient(t.url, acct.liveKey);
    const missing = await live.post('/v1/produtos', agua(undefined));
    expect(missing.status).toBe(422);
    expect(missing.body.erros[0]).toMatchObject({ codigo: 'campo_obrigatorio', campo: '/empresa_id' });
    const other = await seedAccount(t.app.engine, 'Outra');
    const foreign = await other.company();
    const res = await live.post('/v1/produtos', agua(foreign.id));
    expect(res.status).toBe(404);
    expect(res.body.codigo).toBe('nao_encontrado');
  });
});

describe('SKU routes', () => {
  it('gets, patches (checked again) and deletes a product by SKU', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const created = (await live.post('/v1/produtos', agua(company.id))).body;
    const path = `/v1/produtos/${encodeURIComponent(created.sku)}`;
    expect((await live.get(path)).body).toEqual(created);

    const wrong = await patch(acct.liveKey, path, { ncm: '22021000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.erros.map((e: { codigo: string }) => e.codigo)).toEqual(['cest_incompativel_ncm']);
    const immutable = await patch(acct.liveKey, path, { sku: 'OUTRO' });
    expect(immutable.body.erros[0]).toMatchObject({ codigo: 'campo_desconhecido', campo: '/sku' });

    const changed = await patch(acct.liveKey, path, {
      ncm: '22021000',
      cest: null,
      gtin: '7894900011517',
      descricao: 'Refrigerante 2 L',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      ncm: '22021000',
      cest: null,
      gtin: '7894900011517',
      descricao: 'Refrigerante 2 L',
      sku: created.sku,
    });
    expect((await live.get(path)).body.descricao).toBe('Refrigerante 2 L');

    const removed = await live.delete(path);
    expect(removed.status).toBe(204);
    const gone = await live.get(path);
    expect(gone.status).toBe(404);
    expect(gone.body.codigo).toBe('produto_nao_encontrado');
    expect((await live.post('/v1/produtos', { ...agua(company.id), sku: created.sku })).status).toBe(201);
  });

  it('asks for empresa_id when the SKU exists in two companies (409 sku_ambiguo)', async () => {
    const a = await acct.company();
    const b = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const body = agua(a.id);
    await live.post('/v1/produtos', body);
    await live.post('/v1/produtos', { ...body, empresa_id: b.id });
    const ambiguous = await live.get(`/v1/produtos/${body.sku}`);
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.codigo).toBe('sku_ambiguo');
    const exact = await live.get(`/v1/produtos/${body.sku}?empresa_id=${b.id}`);
    expect(exact.body.empresa_id).toBe(b.id);
  });

  it('never shows products of the other environment', async () => {
    const company = await acct.company();
    const created = (await httpClient(t.url, acct.testKey).post('/v1/produtos', agua(company.id))).body;
    expect((await httpClient(t.url, acct.liveKey).get(`/v1/produtos/${created.sku}`)).status).toBe(404);
  });
});

describe('GET /v1/produtos', () => {
  it('pages with an opaque cursor and filters by company, NCM and SKU prefix', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const prefix = `PG-${Date.now().toString(36)}-`;
    for (let i = 0; i < 5; i++)
      await live.post(
        '/v1/produtos',
        agua(company.id, { sku: `${prefix}${i}`, ...(i === 4 ? { ncm: '22021000', cest: null } : {}) }),
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await live.get(
        `/v1/produtos?empresa_id=${company.id}&limite=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.dados.map((p: { sku: string }) => p.sku));
      cursor = page.body.proximo_cursor;
    } while (cursor);
    expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `${prefix}${i}`));
    const byNcm = await live.get(`/v1/produtos?sku_prefixo=${prefix}&ncm=22021000`);
    expect(byNcm.body.dados.map((p: { sku: string }) => p.sku)).toEqual([`${prefix}4`]);
    const badCursor = await live.get('/v1/produtos?cursor=nao-e-cursor');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.codigo).toBe('parametro_invalido');
    expect((await live.get('/v1/produtos?limite=201')).status).toBe(400);
  });
});

describe('GraphQL', () => {
  async function gql(query: string, variables: Record<string, unknown>) {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.liveKey}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as any;
  }
  const CREATE = `mutation($input: CreateProdutoInput!) { createProduto(input: $input) {
    __typename ... on Produto { sku ncm cean origem tributacao { icms { cst aliquota } } } ... on DomainError { codigo erros { codigo campo } } } }`;

  it('creates through the typed input and answers table refusals as a DomainError with erros', async () => {
    const company = await acct.company();
    const input = {
      empresaId: company.id,
      sku: sku(),
      descricao: 'Água',
      ncm: '22011000',
      unidade: 'UN',
      origem: '0',
      tributacao: { icms: { cst: '00', aliquota: '18.00' } },
    };
    const ok = await gql(CREATE, { input });
    expect(ok.data.createProduto).toMatchObject({
      __typename: 'Produto',
      ncm: '22011000',
      cean: 'SEM GTIN',
      origem: '0',
      tributacao: { icms: { cst: '00', aliquota: '18.00' } },
    });
    const bad = await gql(CREATE, { input: { ...input, sku: sku(), ncm: '12345678' } });
    expect(bad.data.createProduto).toMatchObject({
      __typename: 'DomainError',
      codigo: 'validacao',
      erros: [{ codigo: 'ncm_inexistente', campo: '/ncm' }],
    });
  });
});
