// Batches as Relay connections (lotes, Company.lotes, Lote.itens) with the
// filters a dashboard needs, status enums, and the key's company restriction on the nested fields too.
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardGraphql } from '../support/graphql.js';
import { httpClient } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let a: SeededCompany;
let b: SeededCompany;
const lotesA: string[] = [];
let loteB: string;

const linha = (over: Record<string, unknown> = {}) => {
  const { empresa_id: _ignored, ...body } = nfseBody(undefined, over);
  return body;
};

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);
beforeAll(async () => {
  [a, b] = [await acct.company(), await acct.company()];
  const http = httpClient(t.url, acct.testKey);
  const create = async (empresaId: string, itens: unknown[]) => {
    const res = await http.post('/v1/lotes', { empresa_id: empresaId, ao_validar: 'aguardar', itens });
    expect(res.status, res.text).toBe(202);
    return res.body.id as string;
  };
  for (let i = 0; i < 3; i++) lotesA.push(await create(a.id, [linha(), linha(), linha({ valor: 'x' })]));
  loteB = await create(b.id, [linha()]);
}, 180_000);

const { gql } = dashboardGraphql(() => ({ url: t.url, key: acct.testKey }));

const LOTES = `query($first: Int, $after: String, $filtro: LotesFiltro) { lotes(first: $first, after: $after, filtro: $filtro) {
  totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id empresaId status aoValidar total } } } }`;

describe('Query.lotes', () => {
  it('pages with first/after through every batch, newest first, like GET /v1/lotes', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const body = await gql(LOTES, { first: 3, after });
      expect(body.errors).toBeUndefined();
      const conn = body.data.lotes;
      expect(conn.totalCount).toBe(4);
      seen.push(...conn.edges.map((e: { node: { id: string } }) => e.node.id));
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    const rest = await httpClient(t.url, acct.testKey).get('/v1/lotes?limite=100');
    expect(seen).toEqual(rest.body.dados.map((l: { id: string }) => l.id));
    expect(new Set(seen)).toEqual(new Set([...lotesA, loteB]));
  });

  it('filters on company, status and period; statuses are enums', async () => {
    const ofB = await gql(LOTES, { filtro: { empresaId: b.id } });
    expect(ofB.data.lotes.totalCount).toBe(1);
    expect(ofB.data.lotes.edges[0].node).toMatchObject({ id: loteB, empresaId: b.id, aoValidar: 'aguardar', total: 1 });

    const statuses = (await gql(LOTES)).data.lotes.edges.map((e: { node: { status: string } }) => e.node.status);
    for (const s of statuses) expect(['validando', 'aguardando_emissao']).toContain(s);
    const byStatus = await gql(LOTES, { filtro: { status: ['concluido', 'erro'] } });
    expect(byStatus.data.lotes.totalCount).toBe(0);

    const future = await gql(LOTES, { filtro: { criadoDesde: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.data.lotes.totalCount).toBe(0);
    const past = await gql(LOTES, { filtro: { criadoAte: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(past.data.lotes.totalCount).toBe(4);

    const unknown = await gql(LOTES, { filtro: { status: ['perdido'] } });
    expect(unknown.data).toBeUndefined();
    expect(unknown.errors?.[0]?.extensions?.code).toBe('requisicao_invalida');
  });
});

describe('Company.lotes and Lote.itens', () => {
  const NESTED = `query($id: ID!) { company(id: $id) { ... on Company { id lotes(first: 10) { totalCount edges { node { id
    itens(first: 2) { totalCount pageInfo { hasNextPage endCursor } edges { node { linha status } } } } } } } } }`;

  it("lists a company's batches and each batch's lines in line order", async () => {
    const body = await gql(NESTED, { id: a.id });
    expect(body.errors).toBeUndefined();
    const lotes = body.data.company.lotes;
    expect(lotes.totalCount).toBe(3);
    expect(new Set(lotes.edges.map((e: { node: { id: string } }) => e.node.id))).toEqual(new Set(lotesA));
    const itens = lotes.edges[0].node.itens;
    expect(itens.totalCount).toBe(3);
    expect(itens.edges.map((e: { node: { linha: number } }) => e.node.linha)).toEqual([1, 2]);
    expect(itens.pageInfo.hasNextPage).toBe(true);

    const loteId = lotes.edges[0].node.id;
    const rest = await gql(
      `query($id: String!, $after: String) { lote(id: $id) { ... on Lote { itens(after: $after) { edges { node { linha } } } } } }`,
      {
        id: loteId,
        after: itens.pageInfo.endCursor,
      },
    );
    expect(rest.data.lote.itens.edges.map((e: { node: { linha: number } }) => e.node.linha)).toEqual([3]);
  });
});

describe('a key restricted to one company', () => {
  it("reaches neither another company's batches nor its notes, at the root or nested", async () => {
    const key = await acct.key('test', b.id);
    const mine = await gql(LOTES, {}, key);
    expect(mine.data.lotes.totalCount).toBe(1);
    expect(mine.data.lotes.edges[0].node.id).toBe(loteB);

    const refused = await gql(LOTES, { filtro: { empresaId: a.id } }, key);
    expect(refused.errors?.[0]?.extensions?.code).toBe('acesso_negado');

    // Nested: every company the key can list, with its notes and batches, is its own.
    const nested = await gql(
      `{ companies { edges { node { id notas(first: 10) { totalCount edges { node { empresaId } } } lotes(first: 10) { totalCount edges { node { empresaId } } } } } } }`,
      {},
      key,
    );
    expect(nested.errors).toBeUndefined();
    expect(nested.data.companies.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([b.id]);
    const [{ node: own }] = nested.data.companies.edges;
    expect(own.notas.edges.every((e: { node: { empresaId: string } }) => e.node.empresaId === b.id)).toBe(true);
    expect(own.lotes.totalCount).toBe(1);
    expect(own.lotes.edges.map((e: { node: { empresaId: string } }) => e.node.empresaId)).toEqual([b.id]);

    // Another company's notes through Company.notas: the company itself is out of reach.
    const foreign = await gql(
      `query($id: ID!) { company(id: $id) { __typename ... on Company { notas { totalCount } lotes { totalCount } } ... on DomainError { codigo } } }`,
      { id: a.id },
      key,
    );
    expect(foreign.data.company).toEqual({
      __typename: 'DomainError',
      codigo: expect.stringMatching(/empresa_nao_encontrada|acesso_negado/),
    });

    // And a batch of another company cannot be opened to walk to its lines.
    const lote = await gql(
      `query($id: String!) { lote(id: $id) { __typename ... on Lote { itens { totalCount } } ... on DomainError { codigo } } }`,
      { id: lotesA[0] },
      key,
    );
    expect(lote.data.lote).toEqual({ __typename: 'DomainError', codigo: 'lote_nao_encontrado' });
  });
});
