import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/engine/chaves/create-api-key.js';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { httpClient, type HttpResponse } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, usingRedis, type TestApp } from '../support/test-app.js';

const DOCS_URL = 'https://docs.rate.test';
// One second before a minute turns: a window counted from the first request would still be open afterwards.
const clock = new FakeClock('2026-11-02T12:00:59.000Z');
let a: TestApp;
let b: TestApp;
let acct: SeededAccount;

beforeAll(async () => {
  // Two processes of the service sharing one clock; with REDIS_URL they also share Redis (as in production).
  [a, b] = await Promise.all([startTestApp({ clock, env: { DOCS_URL } }), startTestApp({ clock, env: { DOCS_URL } })]);
  acct = await seedAccount(a.app.engine);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

/** Sends `n` cheap authenticated requests (an unknown /v1 route answers 404 after auth and rate limit). */
async function burst(url: string, key: string, n: number): Promise<number[]> {
  const client = httpClient(url, key);
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await client.get('/v1/lotes/nada')).status);
  return statuses;
}

function expectNoRateHeaders(res: HttpResponse) {
  const names = [...res.headers.keys()];
  expect(names.filter((n) => n === 'retry-after' || n.startsWith('x-ratelimit') || n.startsWith('ratelimit'))).toEqual(
    [],
  );
}

describe('120 requests per key per clock minute', () => {
  it('the 121st request of the minute is 429 in both formats; the next clock minute starts over', async () => {
    clock.set('2026-11-02T12:00:59.000Z');
    const key = await acct.key('live');
    const statuses = await burst(a.url, key, 120);
    expect(statuses.every((s) => s === 404)).toBe(true);

    const problem = await httpClient(a.url, key).get('/v1/lotes/nada');
    expect(problem.status).toBe(429);
    expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problem.body).toMatchObject({
      type: `${DOCS_URL}/erros/limite_de_requisicoes`,
      codigo: 'limite_de_requisicoes',
      retentavel: true,
      requisicao_id: problem.requestId,
    });
    expectNoRateHeaders(problem);

    const nest = await httpClient(a.url, key).get('/v1/companies');
    expect(nest.status).toBe(429);
    expect(nest.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(nest.body).sort()).toEqual(['code', 'message']);
    expect(nest.body.code).toBe('RATE_LIMITED');
    expect(typeof nest.body.message).toBe('string');
    expect(nest.requestId).toBeTruthy();
    expectNoRateHeaders(nest);

    // GraphQL over HTTP counts against the same key.
    const gql = await fetch(`${a.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ account { id } }' }),
    });
    expect(gql.status).toBe(429);

    // One second later the clock minute has turned: a fixed window aligned to the clock, not to the first request.
    clock.advance(1_000);
    const fresh = await httpClient(a.url, key).get('/v1/companies');
    expect(fresh.status).toBe(200);
    expectNoRateHeaders(fresh);
    expect(await burst(a.url, key, 119)).not.toContain(429);
    expect((await httpClient(a.url, key).get('/v1/companies')).status).toBe(429);
  });

  it('counts per key: another key of the same account is unaffected', async () => {
    clock.set('2026-11-02T12:10:00.000Z');
    const busy = await acct.key('live');
    const quiet = await acct.key('test');
    await burst(a.url, busy, 121);
    expect((await httpClient(a.url, busy).get('/v1/companies')).status).toBe(429);
    expect((await httpClient(a.url, quiet).get('/v1/companies')).status).toBe(200);
  });

  it("requests without a valid key are refused (401) without spending any key's budget", async () => {
    clock.set('2026-11-02T12:20:00.000Z');
    const client = httpClient(a.url);
    for (let i = 0; i < 130; i++) expect((await client.get('/v1/lotes/nada', { key: null })).status).toBe(401);
  });

  it(`the count is shared across processes through Redis (REDIS_URL ${usingRedis() ? 'set' : 'unset: per process'})`, async () => {
    clock.set('2026-11-02T12:30:00.000Z');
    // The same key in both processes' databases (separate schemas or PGlite files in tests).
    const { id, key } = await createApiKey(a.app.engine, { accountId: acct.accountId, environment: 'live' });
    const account = await a.app.engine.db.account.findUniqueOrThrow({ where: { id: acct.accountId } });
    const row = await a.app.engine.db.apiKey.findUniqueOrThrow({ where: { id } });
    await b.app.engine.db.account.create({ data: account });
    await b.app.engine.db.apiKey.create({ data: row });

    const first = await burst(a.url, key, 70);
    const second = await burst(b.url, key, 50);
    expect([...first, ...second].every((s) => s === 404)).toBe(true);
    const onB = await httpClient(b.url, key).get('/v1/lotes/nada');
    const onA = await httpClient(a.url, key).get('/v1/lotes/nada');
    if (usingRedis()) {
      // 120 already counted between the two processes: the 121st is refused wherever it lands.
      expect(onB.status).toBe(429);
      expect(onA.status).toBe(429);
    } else {
      // Without Redis each process counts alone (the embedded default runs a single process).
      expect(onB.status).toBe(404);
      expect(onA.status).toBe(404);
      expect(await burst(b.url, key, 69)).not.toContain(429);
      expect((await httpClient(b.url, key).get('/v1/lotes/nada')).status).toBe(429);
    }
  });
});
