// A GraphQL document costs what it does: rendering a PDF is charged like the REST route that renders one, a
// document that would render hundreds is refused before anything runs, what a key spends on GraphQL comes out of
// the same 120 requests a minute as its REST calls, and a document too deep or too aliased to analyse is a 4xx
// with the limits' code, never an internal error.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { issueNfse } from '../../src/engine/nfse/issue-nfse.js';
import { QUERY_LIMITS, REQUEST_UNIT_COST } from '../../src/http/query-limits.js';
import { httpClient } from '../support/http.js';
import { collect, wsClients } from '../support/subscriptions.js';
import { until } from '../support/wait.js';
import { nfseInput } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T12:00:01.000Z');
let t: TestApp;
let acct: SeededAccount;
let notaId: string;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false, clock }),
);
beforeAll(async () => {
  const company = await acct.company();
  const principal: Principal = { accountId: acct.accountId, environment: 'test', apiKeyId: 'seed', companyId: null };
  const nota = await issueNfse(t.app.engine, principal, {
    body: nfseInput(company.id),
    simular: null,
    waitSeconds: 10,
  });
  notaId = (nota as { id: string }).id;
});

async function post(body: unknown, key?: string) {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

const pdfs = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `p${i}: nfseDanfse(id: "${notaId}") { ... on NfseDanfse { pdfBase64 } ... on DomainError { codigo } }`).join(' ')} }`;

describe('fields are charged by their work', () => {
  it('199 aliased PDFs are refused before any is rendered', async () => {
    // As the probe sent them: each alias selects only the PDF, so the document stays within 400 selections.
    const bomb = `{ ${Array.from({ length: 199 }, (_, i) => `p${i}: nfseDanfse(id: "${notaId}") { ... on NfseDanfse { pdfBase64 } }`).join(' ')} }`;
    const key = await acct.key('test');
    const started = Date.now();
    const res = await post({ query: bomb }, key);
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors.map((e: any) => e.extensions?.code)).toContain('consulta_excede_limites');
    expect(res.body.errors.map((e: any) => e.extensions?.limite)).toContain('complexity');
    // Nothing was rendered: the refusal comes back in far less than the seconds 199 renderings take.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('one PDF is one request unit, as GET /v1/nfse/{id}/pdf: 119 REST calls and one PDF fill the minute', async () => {
    clock.set('2026-11-02T12:05:01.000Z');
    const key = await acct.key('test');
    const rest = httpClient(t.url, key);
    for (let i = 0; i < 119; i++) expect((await rest.get('/v1/lotes/nada')).status).toBe(404);
    const one = await post({ query: pdfs(1) }, key);
    expect(one.status).toBe(200);
    expect(one.body.data.p0.pdfBase64.length).toBeGreaterThan(100);
    expect((await rest.get('/v1/lotes/nada')).status).toBe(429);
    expect(REQUEST_UNIT_COST).toBe(1000);
  });
});

describe('the minute budget is the REST limit', () => {
  it('a key that spent its minute on GraphQL PDFs gets 429 on REST and on GraphQL', async () => {
    clock.set('2026-11-02T12:01:01.000Z');
    const key = await acct.key('test');
    const perRequest = Math.floor(QUERY_LIMITS.complexity / REQUEST_UNIT_COST) - 1;
    const answers: number[] = [];
    // 120 request units of PDFs, in a handful of GraphQL requests.
    for (let sent = 0; sent < 120; sent += perRequest)
      answers.push((await post({ query: pdfs(perRequest) }, key)).status);
    expect(answers.length).toBeLessThan(10);

    const rest = await httpClient(t.url, key).get('/v1/lotes/nada');
    expect(rest.status).toBe(429);
    expect((await post({ query: '{ __typename }' }, key)).status).toBe(429);

    // The next clock minute starts over.
    clock.set('2026-11-02T12:02:01.000Z');
    expect((await httpClient(t.url, key).get('/v1/lotes/nada')).status).toBe(404);
  });

  it('a GraphQL request that would pass the minute budget is refused with 429 and renders nothing', async () => {
    clock.set('2026-11-02T12:03:01.000Z');
    const key = await acct.key('test');
    const rest = httpClient(t.url, key);
    for (let i = 0; i < 110; i++) expect((await rest.get('/v1/lotes/nada')).status).toBe(404);
    const res = await post({ query: pdfs(20) }, key);
    expect(res.status).toBe(429);
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors[0].extensions.code).toBe('limite_de_requisicoes');
  });
});

describe('documents too deep or too wide are a 4xx, with or without a key', () => {
  const deep = (levels: number) => `{ ${'a { '.repeat(levels)}b${' }'.repeat(levels)} }`;

  it('20,000 levels without a key: 400 consulta_excede_limites, not an internal error', async () => {
    const res = await post({ query: deep(20_000) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('consulta_excede_limites');
  });

  it('20,000 levels with a key, and nested input objects: the same', async () => {
    const key = await acct.key('test');
    expect((await post({ query: deep(20_000) }, key)).status).toBe(400);
    const nested = `{ nfse(id: ${'{a: '.repeat(20_000)}1${'}'.repeat(20_000)}) { id } }`;
    const res = await post({ query: nested }, key);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('consulta_excede_limites');
  });

  it('more aliases than the limit are refused before running', async () => {
    const key = await acct.key('test');
    const fields = Array.from({ length: QUERY_LIMITS.aliases + 1 }, (_, i) => `a${i}: __typename`).join(' ');
    const res = await post({ query: `{ ${fields} }` }, key);
    expect(res.body.data ?? null).toBeNull();
    const error = res.body.errors.find((e: any) => e.extensions?.limite === 'aliases');
    expect(error?.extensions).toMatchObject({ code: 'consulta_excede_limites', maximo: QUERY_LIMITS.aliases });
  });
});

describe('over a websocket, the same limits and the same minute', () => {
  const ws = wsClients(() => t.url);

  /** The one outcome of a document sent over graphql-ws: its results, or the errors it was refused with. */
  async function over(key: string, query: string) {
    const run = collect(ws(key), query);
    await until(() => run.done, 'the outcome of the document');
    return { results: run.results, error: run.error as Array<{ extensions?: Record<string, unknown> }> | unknown };
  }

  it('a document 20,000 levels deep is refused with consulta_excede_limites', async () => {
    const { error } = await over(await acct.key('test'), `{ ${'a { '.repeat(20_000)}b${' }'.repeat(20_000)} }`);
    expect(Array.isArray(error), String(error)).toBe(true);
    expect((error as Array<{ extensions?: Record<string, unknown> }>)[0]!.extensions?.code).toBe(
      'consulta_excede_limites',
    );
  });

  it('a key with 110 REST calls this minute cannot render 20 PDFs over the socket', async () => {
    clock.set('2026-11-02T12:04:01.000Z');
    const key = await acct.key('test');
    const rest = httpClient(t.url, key);
    for (let i = 0; i < 110; i++) expect((await rest.get('/v1/lotes/nada')).status).toBe(404);
    const { results } = await over(key, pdfs(20));
    expect(results).toHaveLength(1);
    expect(results[0]!.data ?? null).toBeNull();
    expect(results[0]!.errors?.[0]?.extensions?.code).toBe('limite_de_requisicoes');
  });
});

describe('introspection', () => {
  const INTROSPECTION = '{ __schema { queryType { name } } }';

  it('is refused without a key', async () => {
    const res = await post({ query: INTROSPECTION });
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors[0].extensions.code).toBe('nao_autenticado');
    const type = await post({ query: '{ __type(name: "Query") { name } }' });
    expect(type.body.errors[0].extensions.code).toBe('nao_autenticado');
  });

  it('answers with a key', async () => {
    const res = await post({ query: INTROSPECTION }, await acct.key('test'));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });
});
