// The 30-day API call log (GET /v1/requisicoes, Query.requisicoes): what a line holds, what it never holds, who
// sees it, paging and filters, the purge, and that a call adds no statement of its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/engine/chaves/authenticate.js';
import { purgeRequisicoes } from '../../src/engine/contas/purge-requisicoes.js';
import { RequestLog } from '../../src/engine/contas/request-log.js';
import { DAY, FakeClock } from '../../src/engine/nucleo/clock.js';
import { graphql, nodes } from '../support/graphql.js';
import { isRequestLogWrite } from '../support/is-request-log-write.js';
import { expectProblem, expectStatus, httpClient, type Http, type HttpResponse } from '../support/http.js';
import { CPF, nfseBody } from '../support/nfse.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
const clock = new FakeClock(new Date());
const statements: string[] = [];
const named: string[] = [];

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({
    clock,
    worker: false,
    onQuery: (sql) => void statements.push(sql),
    onStatement: (name) => void named.push(name),
  }),
);
beforeAll(async () => {
  company = await acct.company();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The one line of a call, read through the API with the same key. */
async function lineOf(http: Http, res: { requestId: string | null }) {
  const page = expectStatus(await http.get(`/v1/requisicoes?requisicao_id=${res.requestId}`), 200);
  expect(page.dados, `line of ${res.requestId}`).toHaveLength(1);
  return page.dados[0];
}

const keyIdOf = async (key: string) => (await authenticate(t.app.engine, `Bearer ${key}`)).apiKeyId;

/** A GraphQL call over HTTP whose answer may carry errors; returns its X-Request-Id. */
async function graphqlCall(key: string, query: string) {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query }),
  });
  return {
    status: res.status,
    requestId: res.headers.get('x-request-id'),
    body: (await res.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> },
  };
}

describe('a line of the log', () => {
  it('is found by the X-Request-Id of the call, with its key, route template, status, duration and the ids it touched', async () => {
    const http = httpClient(t.url, acct.testKey);
    const created = await http.post('/v1/nfse', nfseBody(company.id));
    expectStatus(created, 201);
    const read = await http.get(`/v1/nfse/${created.body.referencia}`);
    expectStatus(read, 200);

    const line = await lineOf(http, created);
    expect(line).toMatchObject({
      requisicao_id: created.requestId,
      criado_em: clock.now().toISOString(),
      ambiente: 'sandbox',
      chave_id: await keyIdOf(acct.testKey),
      metodo: 'POST',
      rota: '/v1/nfse',
      status: 201,
      codigo: null,
      nota_id: created.body.id,
      lote_id: null,
      empresa_id: company.id,
    });
    expect(line.id).toMatch(UUID);
    expect(line.duracao_ms).toBeGreaterThan(0);
    // The route template, not the raw path with the referencia; the note's id from the answer.
    expect(await lineOf(http, read)).toMatchObject({
      metodo: 'GET',
      rota: '/v1/nfse/{id}',
      status: 200,
      nota_id: created.body.id,
    });
  });

  it('carries the codigo of an error answer, in both error formats, and the note of a rejection', async () => {
    const http = httpClient(t.url, acct.testKey);
    const invalid = await http.post('/v1/nfse', nfseBody(company.id, { valor: 150 }));
    expectProblem(invalid, 422, 'validacao');
    expect(await lineOf(http, invalid)).toMatchObject({
      rota: '/v1/nfse',
      status: 422,
      codigo: 'validacao',
      empresa_id: company.id,
      nota_id: null,
    });

    const rejected = await http.post('/v1/nfse', nfseBody(company.id), {
      headers: { 'x-service-simular': 'rejeitar' },
    });
    expectProblem(rejected, 422, 'nfse_rejeitada');
    expect(await lineOf(http, rejected)).toMatchObject({
      status: 422,
      codigo: 'nfse_rejeitada',
      nota_id: rejected.body.nfse.id,
    });

    // The companies family answers {statusCode, message, error}: the log still has the code.
    const missing = await http.get('/v1/companies/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(await lineOf(http, missing)).toMatchObject({
      rota: '/v1/companies/{id}',
      status: 404,
      codigo: 'nao_encontrado',
    });

    const badLimit = await http.get('/v1/requisicoes?limite=0');
    expectProblem(badLimit, 400, 'parametro_invalido');
    expect(await lineOf(http, badLimit)).toMatchObject({
      rota: '/v1/requisicoes',
      status: 400,
      codigo: 'parametro_invalido',
    });
  });

  it('records GraphQL calls, with the code of an answer with errors, and GraphQL reads the log', async () => {
    const ok = await graphqlCall(acct.testKey, '{ usage { ciclo } }');
    expect(ok.body.errors).toBeUndefined();
    const failed = await graphqlCall(acct.testKey, '{ requisicoes(first: 0) { totalCount } }');
    expect(failed.body.errors?.[0]?.extensions?.codigo).toBe('parametro_invalido');

    const http = httpClient(t.url, acct.testKey);
    expect(await lineOf(http, ok)).toMatchObject({ metodo: 'POST', rota: '/graphql', status: 200, codigo: null });
    expect(await lineOf(http, failed)).toMatchObject({ rota: '/graphql', status: 200, codigo: 'parametro_invalido' });

    const data = await graphql(
      t.url,
      acct.testKey,
      `
        query ($id: String!) {
          requisicoes(filtro: { requisicaoId: $id }) {
            totalCount
            edges {
              node {
                requisicaoId
                rota
                status
                codigo
                ambiente
                chaveId
              }
            }
          }
        }
      `,
      { id: failed.requestId },
    );
    expect(data.requisicoes.totalCount).toBe(1);
    expect(nodes(data.requisicoes)).toEqual([
      {
        requisicaoId: failed.requestId,
        rota: '/graphql',
        status: 200,
        codigo: 'parametro_invalido',
        ambiente: 'sandbox',
        chaveId: await keyIdOf(acct.testKey),
      },
    ]);
  });

  it("keeps the note and company a GraphQL call touched, from its root field's arguments and answer", async () => {
    const http = httpClient(t.url, acct.testKey);
    const created = expectStatus(await http.post('/v1/nfse', nfseBody(company.id)), 201);
    const read = await graphqlCall(acct.testKey, `{ nfse(id: "${created.id}") { ... on Nfse { id status } } }`);
    expect(read.body.errors).toBeUndefined();
    const ofCompany = await graphqlCall(acct.testKey, `{ company(id: "${company.id}") { ... on Company { cnpj } } }`);
    expect(ofCompany.body.errors).toBeUndefined();
    const listed = await graphqlCall(acct.testKey, '{ usage { ciclo } }');

    expect(await lineOf(http, read)).toMatchObject({ rota: '/graphql', nota_id: created.id, lote_id: null });
    expect(await lineOf(http, ofCompany)).toMatchObject({ rota: '/graphql', empresa_id: company.id, nota_id: null });
    expect(await lineOf(http, listed)).toMatchObject({ nota_id: null, lote_id: null, empresa_id: null });
  });

  it('holds ids and the route template only: no body, no key, no personal data', async () => {
    const http = httpClient(t.url, acct.testKey);
    const body = nfseBody(company.id, { tomador: { documento: CPF, nome: 'Maria Sigilosa da Silva' } });
    const created = await http.post('/v1/nfse', body);
    expectStatus(created, 201);
    await t.app.engine.requestLog!.flush();
    const row = await t.app.engine.db.requestLogLine.findFirst({ where: { requestId: created.requestId! } });
    expect(Object.keys(row!).sort()).toEqual([
      'accountId',
      'apiKeyId',
      'codigo',
      'createdAt',
      'durationMs',
      'empresaId',
      'environment',
      'id',
      'loteId',
      'method',
      'notaId',
      'requestId',
      'rota',
      'status',
    ]);
    const stored = JSON.stringify(row);
    for (const secret of [
      acct.testKey,
      CPF,
      'Maria Sigilosa',
      String(body.referencia),
      created.body.chave_acesso,
      'Bearer',
    ]) {
      expect(stored, `the row must not hold ${secret}`).not.toContain(secret);
    }
  });
});

describe('who sees a line', () => {
  it('each account its own, each environment its own, a company-restricted key only its own calls', async () => {
    const other = await seedAccount(t.app.engine, 'Outra conta do log');
    const testCall = await httpClient(t.url, acct.testKey).get('/v1/companies');
    const liveCall = await httpClient(t.url, acct.liveKey).get('/v1/companies');
    const restrictedKey = await acct.key('test', company.id);
    const restrictedCall = await httpClient(t.url, restrictedKey).get(`/v1/companies/${company.id}/prontidao`);
    expectStatus(restrictedCall, 200);

    const count = async (key: string, res: HttpResponse) =>
      expectStatus(await httpClient(t.url, key).get(`/v1/requisicoes?requisicao_id=${res.requestId}`), 200).dados
        .length;
    expect(await count(acct.testKey, testCall)).toBe(1);
    expect(await count(acct.liveKey, testCall)).toBe(0);
    expect(await count(acct.liveKey, liveCall)).toBe(1);
    expect(await count(acct.testKey, liveCall)).toBe(0);
    expect(await count(other.testKey, testCall)).toBe(0);
    expect(await count(other.liveKey, liveCall)).toBe(0);
    // The restricted key sees its own call (with the company it touched), never the account's other keys' calls.
    expect(await count(acct.testKey, restrictedCall)).toBe(1);
    const own = expectStatus(await httpClient(t.url, restrictedKey).get('/v1/requisicoes?limite=200'), 200).dados;
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((l: { chave_id: string }) => l.chave_id))).toEqual(new Set([await keyIdOf(restrictedKey)]));
    expect(own.find((l: { requisicao_id: string }) => l.requisicao_id === restrictedCall.requestId)).toMatchObject({
      rota: '/v1/companies/{id}/prontidao',
      empresa_id: company.id,
    });
  });
});

describe('paging and filters', () => {
  it('pages newest first with the cursor, and filters by period, status and route', async () => {
    const fresh = await seedAccount(t.app.engine, 'Conta do log paginado');
    const http = httpClient(t.url, fresh.liveKey);
    const start = clock.now();
    const made: HttpResponse[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(await http.get('/v1/companies'));
      clock.advance(60_000);
    }
    const notFound = await http.get('/v1/lotes/00000000-0000-4000-8000-000000000000');
    expectProblem(notFound, 404, 'lote_nao_encontrado');
    made.push(notFound);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = expectStatus(await http.get(`/v1/requisicoes?limite=2&desde=${start.toISOString()}${query}`), 200);
      seen.push(...page.dados.map((l: { requisicao_id: string }) => l.requisicao_id));
      cursor = page.proximo_cursor;
      pages++;
    } while (cursor && pages < 10);
    // Every call once, newest first; the listing calls themselves came after the period's calls and are newer.
    const ours = seen.filter((id) => made.some((m) => m.requestId === id));
    expect(ours).toEqual(made.map((m) => m.requestId).reverse());
    expect(new Set(seen).size).toBe(seen.length);

    const byStatus = expectStatus(await http.get('/v1/requisicoes?status=404'), 200).dados;
    expect(byStatus.map((l: { requisicao_id: string }) => l.requisicao_id)).toEqual([notFound.requestId]);
    expect(byStatus[0]).toMatchObject({
      rota: '/v1/lotes/{id}',
      codigo: 'lote_nao_encontrado',
      lote_id: '00000000-0000-4000-8000-000000000000',
    });

    const byRoute = expectStatus(
      await http.get(`/v1/requisicoes?rota=${encodeURIComponent('/v1/companies')}`),
      200,
    ).dados;
    expect(byRoute.map((l: { requisicao_id: string }) => l.requisicao_id)).toEqual(
      made
        .slice(0, 5)
        .map((m) => m.requestId)
        .reverse(),
    );

    // Calls 2 and 3 (a minute apart from each other and from the rest).
    const from = new Date(start.getTime() + 60_000).toISOString();
    const to = new Date(start.getTime() + 120_000).toISOString();
    const byPeriod = expectStatus(
      await http.get(`/v1/requisicoes?rota=/v1/companies&desde=${from}&ate=${to}`),
      200,
    ).dados;
    expect(byPeriod.map((l: { requisicao_id: string }) => l.requisicao_id)).toEqual([
      made[2]!.requestId,
      made[1]!.requestId,
    ]);

    expectProblem(await http.get('/v1/requisicoes?cursor=bm9wZQ'), 400, 'parametro_invalido');
    expectProblem(await http.get('/v1/requisicoes?status=abc'), 400, 'parametro_invalido');
    expectProblem(await http.get(`/v1/requisicoes?desde=${to}&ate=${from}`), 400, 'parametro_invalido');
  });
});

describe('writing', () => {
  it('adds no statement to a call: lines and usage counts are written in batches', async () => {
    const http = httpClient(t.url, acct.liveKey);
    await t.app.engine.requestLog!.flush();
    statements.length = 0;
    named.length = 0;
    const began = Date.now();
    for (let i = 0; i < 20; i++) expectStatus(await http.get('/v1/account'), 200);
    const seconds = (Date.now() - began) / 1000;
    // The lines go through a named statement, the counts through Prisma.
    const writes = (table: string) =>
      table === 'request_log'
        ? named.filter((name) => name === 'request_log_insert').length
        : statements.filter((sql) => isRequestLogWrite(sql) && sql.includes(table)).length;
    // At most one write per second of the loop (the interval), never one per call.
    expect(writes('request_log')).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(writes('usage_counters')).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(writes('request_log')).toBeLessThan(20);
    await t.app.engine.requestLog!.flush();
    expect(writes('request_log')).toBeGreaterThan(0);
  });

  it('writes on its interval without a reader, and what it holds when closed', async () => {
    const principal = await authenticate(t.app.engine, `Bearer ${acct.testKey}`);
    const line = (requestId: string) => ({
      principal,
      at: clock.now(),
      requestId,
      method: 'GET',
      rota: '/v1/account',
      status: 200,
      codigo: null,
      durationMs: 1.5,
      notaId: null,
      loteId: null,
      empresaId: null,
    });
    const find = (requestId: string) => t.app.engine.db.requestLogLine.findFirst({ where: { requestId } });

    const ticking = new RequestLog(t.app.engine, { flushMs: 20 });
    ticking.record(line('escrita-pelo-intervalo'));
    await waitFor(async () => (await find('escrita-pelo-intervalo')) ?? undefined, 'the interval write');
    await ticking.close();

    const closing = new RequestLog(t.app.engine, { flushMs: 3_600_000 });
    closing.record(line('escrita-ao-fechar'));
    expect(await find('escrita-ao-fechar')).toBeNull();
    await closing.close();
    expect(await find('escrita-ao-fechar')).toMatchObject({ rota: '/v1/account', status: 200, durationMs: 1.5 });
  });
});

describe('retention', () => {
  it('purges lines older than 30 days by the clock and keeps the others', async () => {
    const http = httpClient(t.url, acct.testKey);
    const old = await http.get('/v1/account');
    clock.advance(29 * DAY);
    const recent = await http.get('/v1/account');
    await t.app.engine.requestLog!.flush();
    clock.advance(DAY + 1);
    expect(await purgeRequisicoes(t.app.engine)).toBeGreaterThan(0);
    expect(expectStatus(await http.get(`/v1/requisicoes?requisicao_id=${old.requestId}`), 200).dados).toEqual([]);
    expect(await lineOf(http, recent)).toMatchObject({ rota: '/v1/account' });
  });
});
