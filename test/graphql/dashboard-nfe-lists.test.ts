// The NF-e side: nfes, nfeInutilizacoes, produtos, servicos and municipios are Relay
// connections (first/after, pageInfo, totalCount) with a dashboard's filters; NF-e statuses are enums; the REST
// lists execute the same fields and keep their shapes. A company-restricted key sees neither another company's
// NF-e nor its products, through the lists or nested under companies. Item 2: a page of 100 NF-e with their
// company and registered events runs a fixed number of SQL statements.
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { dashboardGraphql, nodes } from '../support/graphql.js';
import { httpClient } from '../support/http.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { isRequestLogWrite } from '../support/is-request-log-write.js';

let t: TestApp;
let acct: SeededAccount;
let a: SeededCompany;
let b: SeededCompany;
const statements: string[] = [];
const STATUSES = ['autorizada', 'rejeitada', 'transmitindo'];

const { gql, walk } = dashboardGraphql(() => ({ url: t.url, key: acct.testKey }));

// Rows written directly: the lists are under test, not issuance. 120 NF-e a second apart (a: 80, b: 40).
const base = Date.parse('2026-11-10T12:00:00Z');
const nfeRow = (company: SeededCompany, i: number, environment: 'test' | 'live' = 'test') => ({
  id: newId(),
  accountId: acct.accountId,
  environment,
  companyId: company.id,
  referencia: `PED-${company === a ? 'A' : 'B'}-${String(i).padStart(3, '0')}`,
  status: STATUSES[Math.floor(i / 2) % 3]!,
  modo: 'informado',
  request: {},
  serie: '1',
  numero: BigInt(i + 1),
  chaveAcesso: `${environment === 'test' ? '4' : '5'}${String(i).padStart(43, '0')}`,
  xml: '<NFe/>',
  valorTotal: '10.50',
  createdAt: new Date(base + i * 1000),
  updatedAt: new Date(base + i * 1000),
});

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false, onQuery: (sql) => void (isRequestLogWrite(sql) || statements.push(sql)) }),
);
beforeAll(async () => {
  [a, b] = [await acct.company(), await acct.company()];
  const db = t.app.engine.db;
  await db.nfe.createMany({ data: Array.from({ length: 120 }, (_, i) => nfeRow(i % 3 === 2 ? b : a, i)) });
  await db.nfe.create({ data: nfeRow(a, 500, 'live') });
  const range = (company: SeededCompany, i: number) => ({
    id: newId(),
    accountId: acct.accountId,
    environment: 'test' as const,
    companyId: company.id,
    serie: '1',
    numeroInicial: BigInt(900 + i),
    numeroFinal: BigInt(900 + i),
    justificativa: 'Numeração pulada por falha do sistema',
    status: i === 0 ? 'transmitindo' : 'homologada',
    xml: '<inutNFe/>',
    createdAt: new Date(base + i * 1000),
    updatedAt: new Date(base + i * 1000),
  });
  await db.nfeInutilizacao.createMany({ data: [range(a, 0), range(a, 1), range(b, 2)] });
  const produto = (company: SeededCompany, sku: string) => ({
    id: newId(),
    accountId: acct.accountId,
    environment: 'test' as const,
    companyId: company.id,
    sku,
    descricao: `Produto ${sku}`,
    ncm: '22030000',
    unidade: 'UN',
    origem: 0,
    createdAt: new Date(base),
    updatedAt: new Date(base),
  });
  await db.produto.createMany({
    data: [produto(a, 'CAM-1'), produto(a, 'CAM-2'), produto(a, 'MEIA-1'), produto(b, 'CAM-9'), produto(b, 'BON-1')],
  });
}, 180_000);

const NFES = `query($first: Int, $after: String, $filtro: NfeFiltro) { nfes(first: $first, after: $after, filtro: $filtro) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id referencia status modo empresaId } } } }`;

describe('Query.nfes', () => {
  it('pages newest first through every NF-e of the environment; GET /v1/nfe is the same field', async () => {
    const all = await walk('nfes', NFES, { first: 33 });
    expect(all).toHaveLength(120);
    expect(all[0]!.referencia).toBe('PED-B-119');
    expect(all.at(-1)!.referencia).toBe('PED-A-000');
    expect(new Set(all.map((n) => n.status))).toEqual(new Set(STATUSES));
    expect(all.every((n) => n.modo === 'informado')).toBe(true);
    const http = httpClient(t.url, acct.testKey);
    const rest = await http.get('/v1/nfe?limite=5');
    expect(rest.status).toBe(200);
    expect(rest.body.dados.map((n: { id: string }) => n.id)).toEqual(all.slice(0, 5).map((n) => n.id));
    expect(rest.body.dados[0]).toMatchObject({
      status: all[0]!.status,
      referencia: 'PED-B-119',
      valor_total: '10.50',
      eventos: [],
    });
    const next = await http.get(`/v1/nfe?limite=100&cursor=${rest.body.proximo_cursor}`);
    expect(next.body.dados.map((n: { id: string }) => n.id)).toEqual(all.slice(5, 105).map((n) => n.id));
    // REST refuses a limite out of range (only GET /v1/nfse clamps) and names a bad status or company in the message.
    const tooMany = await http.get('/v1/nfe?limite=999999999999999999999');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      codigo: 'parametro_invalido',
      mensagem: 'Parâmetro limite: deve ser um inteiro de 1 a 100.',
    });
    const status = await http.get('/v1/nfe?status=perdida');
    expect(status.status).toBe(400);
    expect(status.body).toMatchObject({
      codigo: 'parametro_invalido',
      campo: null,
      mensagem: 'Parâmetro status: valor desconhecido: perdida.',
    });
  });

  it('filters on any of several statuses, company, period and referencia prefix', async () => {
    const twoStatuses = await gql(NFES, { filtro: { status: ['rejeitada', 'transmitindo'] } });
    expect(twoStatuses.data.nfes.totalCount).toBe(80);
    const rejectedOfB = await gql(NFES, { first: 100, filtro: { status: ['rejeitada'], empresaId: b.id } });
    const found = nodes(rejectedOfB.data.nfes);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((n) => n.status === 'rejeitada' && n.empresaId === b.id)).toBe(true);
    expect(rejectedOfB.data.nfes.totalCount).toBe(found.length);
    const prefix = await gql(NFES, { filtro: { referenciaPrefixo: 'PED-A-01' } });
    expect(nodes(prefix.data.nfes).map((n) => n.referencia)).toEqual([
      'PED-A-019',
      'PED-A-018',
      'PED-A-016',
      'PED-A-015',
      'PED-A-013',
      'PED-A-012',
      'PED-A-010',
    ]);
    const period = await gql(NFES, {
      filtro: { desde: new Date(base + 10_000).toISOString(), ate: new Date(base + 19_000).toISOString() },
    });
    expect(period.data.nfes.totalCount).toBe(10);
    const unknown = await gql(NFES, { filtro: { status: ['perdida'] } });
    expect(unknown.errors?.length).toBeGreaterThan(0);
  });

  it('a company-restricted key sees only its NF-e, through the list and nested under companies', async () => {
    const key = await acct.key('test', b.id);
    const mine = await walk('nfes', NFES, { first: 50 }, key);
    expect(mine).toHaveLength(40);
    expect(mine.every((n) => n.empresaId === b.id)).toBe(true);
    const foreign = await gql(NFES, { filtro: { empresaId: a.id } }, key);
    expect(foreign.errors?.[0]?.extensions?.codigo).toBe('acesso_negado');
    const nested = await gql(
      `{ companies(first: 5) { edges { node { id nfes(first: 100) { totalCount edges { node { empresaId } } } } } } }`,
      {},
      key,
    );
    expect(nested.errors, JSON.stringify(nested.errors)).toBeUndefined();
    expect(nodes(nested.data.companies).map((c: any) => c.id)).toEqual([b.id]);
    expect(nodes(nested.data.companies)[0].nfes.totalCount).toBe(40);
    const rest = await httpClient(t.url, key).get(`/v1/nfe?empresa_id=${a.id}`);
    expect(rest.status).toBe(403);
    const live = await gql(NFES, {}, acct.liveKey);
    expect(nodes(live.data.nfes).map((n) => n.referencia)).toEqual(['PED-A-500']);
  });

  it('a page of 100 NF-e with company and registered events: a fixed number of SQL statements', async () => {
    const PAGE = `query($first: Int) { nfes(first: $first) { edges { node { id status empresa { id razaoSocial } eventos { tipo } } } } }`;
    statements.length = 0;
    const page = await gql(PAGE, { first: 100 });
    const sql = [...statements];
    expect(page.errors, JSON.stringify(page.errors)).toBeUndefined();
    expect(page.data.nfes.edges).toHaveLength(100);
    expect(new Set(nodes(page.data.nfes).map((n: any) => n.empresa.id))).toEqual(new Set([a.id, b.id]));
    // The key, the page, their companies (with certificates), their events, with slack for the driver's own.
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(7);
    statements.length = 0;
    const small = await gql(PAGE, { first: 10 });
    expect(small.data.nfes.edges).toHaveLength(10);
    expect(statements.length).toBe(sql.length);
  });
});

const RANGES = `query($first: Int, $after: String, $empresaId: ID) { nfeInutilizacoes(first: $first, after: $after, empresaId: $empresaId) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id empresaId status numeroInicial } } } }`;

describe('Query.nfeInutilizacoes', () => {
  it('pages newest first with the status enum; filtered by company; REST is the same field', async () => {
    const all = await walk('nfeInutilizacoes', RANGES, { first: 2 });
    expect(all.map((r) => [r.numeroInicial, r.status])).toEqual([
      ['902', 'homologada'],
      ['901', 'homologada'],
      ['900', 'transmitindo'],
    ]);
    const ofA = await gql(RANGES, { empresaId: a.id });
    expect(ofA.data.nfeInutilizacoes.totalCount).toBe(2);
    const rest = await httpClient(t.url, acct.testKey).get('/v1/nfe/inutilizacoes?limite=2');
    expect(rest.status).toBe(200);
    expect(rest.body.dados.map((r: { id: string }) => r.id)).toEqual(all.slice(0, 2).map((r) => r.id));
    expect(typeof rest.body.proximo_cursor).toBe('string');
    const restricted = await gql(RANGES, {}, await acct.key('test', a.id));
    expect(nodes(restricted.data.nfeInutilizacoes).map((r) => r.empresaId)).toEqual([a.id, a.id]);
  });
});

const PRODUTOS = `query($first: Int, $after: String, $empresaId: ID, $skuPrefixo: String) {
  produtos(first: $first, after: $after, empresaId: $empresaId, skuPrefixo: $skuPrefixo) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { empresaId sku } } } }`;

describe('Query.produtos', () => {
  it('pages by company and SKU with filters; REST is the same field and keeps its 400 for limite', async () => {
    const all = await walk('produtos', PRODUTOS, { first: 2 });
    expect(all).toHaveLength(5);
    const cam = await gql(PRODUTOS, { skuPrefixo: 'CAM-' });
    expect(cam.data.produtos.totalCount).toBe(3);
    const http = httpClient(t.url, acct.testKey);
    const rest = await http.get(`/v1/produtos?empresa_id=${a.id}&limite=2`);
    expect(rest.status).toBe(200);
    expect(rest.body.dados.map((p: { sku: string }) => p.sku)).toEqual(['CAM-1', 'CAM-2']);
    const next = await http.get(`/v1/produtos?empresa_id=${a.id}&cursor=${rest.body.proximo_cursor}`);
    expect(next.body).toMatchObject({ dados: [{ sku: 'MEIA-1' }], proximo_cursor: null });
    for (const limite of ['0', '201', 'abc']) {
      const res = await http.get(`/v1/produtos?limite=${limite}`);
      expect(res.status, limite).toBe(400);
      expect(res.body).toMatchObject({ mensagem: 'Parâmetro limite: deve ser um inteiro de 1 a 200.', campo: null });
    }
  });

  it('a company-restricted key sees only its products, through the list and nested under companies', async () => {
    const key = await acct.key('test', b.id);
    const mine = await gql(PRODUTOS, {}, key);
    expect(nodes(mine.data.produtos).map((p) => p.sku)).toEqual(['BON-1', 'CAM-9']);
    const foreign = await gql(PRODUTOS, { empresaId: a.id }, key);
    expect(foreign.errors?.[0]?.extensions?.codigo).toBe('acesso_negado');
    const nested = await gql(
      `{ companies(first: 5) { edges { node { id produtos { totalCount edges { node { empresaId sku } } } } } } }`,
      {},
      key,
    );
    expect(nodes(nested.data.companies).map((c: any) => [c.id, c.produtos.totalCount])).toEqual([[b.id, 2]]);
  });
});

describe('Query.servicos and Query.municipios', () => {
  it('page the official tables with the table version; REST gives the same page', async () => {
    const MUNICIPIOS = `query($first: Int, $after: String) { municipios(uf: "AC", first: $first, after: $after) {
      versao fonte totalCount pageInfo { hasNextPage endCursor } edges { node { codigo uf } } } }`;
    const all = await walk('municipios', MUNICIPIOS, { first: 7 });
    expect(all).toHaveLength(22);
    expect(all.every((m) => m.uf === 'AC')).toBe(true);
    const rest = await httpClient(t.url, acct.testKey).get('/v1/municipios?uf=AC&limite=7');
    expect(rest.status).toBe(200);
    expect(rest.body.itens.map((m: { codigo: string }) => m.codigo)).toEqual(all.slice(0, 7).map((m) => m.codigo));
    const versao = await gql(
      `{ municipios(first: 1) { versao fonte } servicos(q: "01.07", first: 1) { versao totalCount edges { node { codigo } } } }`,
    );
    expect(versao.data.municipios).toEqual({ versao: rest.body.versao, fonte: rest.body.fonte });
    expect(versao.data.servicos.edges[0].node.codigo.startsWith('0107')).toBe(true);
    expect(versao.data.servicos.totalCount).toBeGreaterThanOrEqual(1);
    const tooMany = await gql(`{ servicos(first: 101) { totalCount } }`);
    expect(tooMany.errors?.[0]?.extensions?.codigo).toBe('parametro_invalido');
  });
});
