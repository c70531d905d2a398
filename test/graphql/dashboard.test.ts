// Dashboard lists as Relay connections (first/after, pageInfo, totalCount) with the
// filters a dashboard needs, enum statuses, DateTime scalars, typed errors in extensions.code, the key's
// company restriction on nested fields, and the depth limit on nested pages.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { isEngineError } from '../../src/engine/errors.js';
import { issueNfse } from '../../src/engine/nfse/issue-nfse.js';
import { municipio as tabelaMunicipio } from '../../src/engine/tabelas/index.js';
import { dashboardGraphql } from '../support/graphql.js';
import { httpClient } from '../support/http.js';
import { nfseInput } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let a: SeededCompany;
let b: SeededCompany;
const prefix = `dash-${Date.now().toString(36)}`;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);
beforeAll(async () => {
  [a, b] = [await acct.company(), await acct.company()];
  const principal: Principal = { accountId: acct.accountId, environment: 'test', apiKeyId: 'seed', companyId: null };
  const issue = (company: SeededCompany, referencia: string, simular: string | null = null) =>
    issueNfse(t.app.engine, principal, { body: nfseInput(company.id, { referencia }), simular, waitSeconds: 10 }).catch(
      (err) => {
        if (!isEngineError(err) || err.codigo !== 'nfse_rejeitada') throw err;
      },
    );
  for (let i = 0; i < 4; i++) await issue(a, `${prefix}-a-${i}`);
  for (let i = 0; i < 2; i++) await issue(b, `${prefix}-b-${i}`);
  await issue(a, `${prefix}-a-rejeitada`, 'rejeitar');
}, 120_000);

const { gql } = dashboardGraphql(() => ({ url: t.url, key: acct.testKey }));

const NOTAS = `query($first: Int, $after: String, $filtro: NotasFiltro) { notas(first: $first, after: $after, filtro: $filtro) {
  totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id referencia status criadaEm valor empresa { id } } } } }`;

describe('Company.municipioNome', () => {
  it("names the company's municipality from the IBGE table", async () => {
    const body = await gql('query($id: ID!) { company(id: $id) { ... on Company { municipio municipioNome } } }', {
      id: a.id,
    });
    expect(body.errors).toBeUndefined();
    const { municipio, municipioNome } = body.data.company;
    expect(municipio).toMatch(/^\d{7}$/);
    expect(municipioNome).toBe(`${tabelaMunicipio(municipio)!.nome}/${tabelaMunicipio(municipio)!.uf}`);
    expect(municipioNome).not.toContain(municipio);
  });
});

describe('Query.notas', () => {
  it('pages with first/after through every note, newest first, as GET /v1/nfse lists them', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let total = -1;
    for (;;) {
      const body = await gql(NOTAS, { first: 3, after });
      expect(body.errors).toBeUndefined();
      const conn = body.data.notas;
      total = conn.totalCount;
      seen.push(...conn.edges.map((e: { node: { id: string } }) => e.node.id));
      if (!conn.pageInfo.hasNextPage) break;
      expect(conn.edges).toHaveLength(3);
      after = conn.pageInfo.endCursor;
    }
    expect(total).toBe(7);
    const rest = (await httpClient(t.url, acct.testKey).get('/v1/nfse?limite=100')).body.dados.map(
      (n: { id: string }) => n.id,
    );
    expect(seen).toEqual(rest);
  });

  it('typed fields: enum status, DateTime, Decimal', async () => {
    const node = (await gql(NOTAS, { first: 1 })).data.notas.edges[0].node;
    expect(node.status).toBe('rejeitada');
    expect(new Date(node.criadaEm).toISOString()).toBe(node.criadaEm);
    expect(node.valor).toBe('1500.00');
  });

  it('filters: status, company, referencia prefix, period', async () => {
    const count = async (filtro: Record<string, unknown>) => {
      const body = await gql(NOTAS, { first: 100, filtro });
      expect(body.errors).toBeUndefined();
      expect(body.data.notas.edges).toHaveLength(body.data.notas.totalCount);
      return body.data.notas.edges.map((e: { node: { referencia: string } }) => e.node.referencia).sort();
    };
    expect(await count({ status: ['rejeitada'] })).toEqual([`${prefix}-a-rejeitada`]);
    expect(await count({ empresaId: b.id })).toEqual([`${prefix}-b-0`, `${prefix}-b-1`]);
    expect(await count({ referenciaPrefixo: `${prefix}-a-` })).toHaveLength(5);
    expect(await count({ empresaId: a.id, status: ['autorizada'] })).toHaveLength(4);
    expect(await count({ criadaDesde: new Date(Date.now() + 3_600_000).toISOString() })).toEqual([]);
    expect(await count({ criadaAte: new Date(Date.now() + 3_600_000).toISOString() })).toHaveLength(7);
  });

  it('an unknown status is a GraphQL validation error; backward paging is refused with extensions.code', async () => {
    const bad = await gql(NOTAS, { filtro: { status: ['perdida'] } });
    expect(bad.data ?? null).toBeNull();
    expect(bad.errors?.length).toBeGreaterThan(0);
    const back = await gql('{ notas(last: 2) { totalCount } }');
    expect(back.errors?.[0]?.extensions).toMatchObject({ code: 'parametro_invalido', codigo: 'parametro_invalido' });
  });
});

describe('a key restricted to one company', () => {
  it('sees only its notes, also nested, and is refused another company in extensions.code', async () => {
    const key = await acct.key('test', b.id);
    const mine = await gql(NOTAS, { first: 100 }, key);
    expect(mine.data.notas.totalCount).toBe(2);
    expect(mine.data.notas.edges.every((e: { node: { empresa: { id: string } } }) => e.node.empresa.id === b.id)).toBe(
      true,
    );
    const other = await gql(NOTAS, { filtro: { empresaId: a.id } }, key);
    expect(other.errors?.[0]?.extensions?.code).toBe('acesso_negado');
  });
});

describe('Company.notas', () => {
  it("lists the company's notes; pages nested in pages past the depth limit are refused before execution", async () => {
    const nested = await gql(
      'query($id: ID!) { company(id: $id) { ... on Company { notas(first: 10) { totalCount edges { node { empresa { id } } } } } } }',
      { id: b.id },
    );
    expect(nested.errors).toBeUndefined();
    expect(nested.data.company.notas.totalCount).toBe(2);
    const deep = await gql(
      `{ notas(first: 5) { edges { node { empresa { notas(first: 5) { edges { node { empresa { notas(first: 5) { edges { node { id } } } } } } } } } } } }`,
    );
    expect(deep.data ?? null).toBeNull();
    expect(deep.errors?.find((e) => e.extensions?.limite === 'depth')?.extensions).toMatchObject({
      code: 'consulta_excede_limites',
    });
  });
});
