import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_DETAIL, withFailingDatabase } from '../support/faults.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DOCS_URL = 'https://docs.internal.test';
// What must never leave the service: internal messages, driver names, stack frames.
const LEAKS = [INTERNAL_DETAIL, 'hunter2', 'PGlite', 'Prisma', 'prisma', 'stack', 'node_modules', '.ts:', 'Error:'];

let t: TestApp;
let acct: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ env: { DOCS_URL } });
  acct = await seedAccount(t.app.engine);
});
// The last test closes the database under the running app; closing it again may then throw.
afterAll(async () => t?.close().catch(() => {}));

function expectNoLeak(text: string) {
  for (const leak of LEAKS) expect(text, `response leaks "${leak}"`).not.toContain(leak);
}

describe('an unexpected failure inside a resolver → 500 erro_interno', () => {
  it('answers 500 in each family with retentavel true and nothing internal', async () => {
    const client = httpClient(t.url, acct.liveKey);
    const company = await acct.company({}, { certificate: false });
    await withFailingDatabase(t.app.engine, async () => {
      const problem = await client.get('/v1/eventos');
      expect(problem.status).toBe(500);
      expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(problem.body).toMatchObject({
        type: `${DOCS_URL}/erros/erro_interno`,
        codigo: 'erro_interno',
        retentavel: true,
        campo: null,
        codigo_oficial: null,
        requisicao_id: problem.requestId,
      });
      expectNoLeak(problem.text);

      for (const res of [
        await client.get('/v1/companies'),
        await client.get(`/v1/companies/${company.id}`),
        await client.get(`/v1/companies/${company.id}/prontidao`),
        await client.post(`/v1/companies/${company.id}/pausa`),
      ]) {
        expect(res.status, res.text).toBe(500);
        expect(res.body).toEqual({ statusCode: 500, message: expect.any(String), error: 'Internal Server Error' });
        expect(res.requestId).toBeTruthy();
        expectNoLeak(res.text);
      }
    });
    // The failure was transient: the same calls work again and nothing was changed.
    expect((await client.get(`/v1/companies/${company.id}`)).body.status).toBe('ativa');
  });

  it('GraphQL masks it as erro_interno with retentavel true', async () => {
    await withFailingDatabase(t.app.engine, async () => {
      const res = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${acct.liveKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ account { id } companies { __typename } }' }),
      });
      const text = await res.text();
      expect(res.headers.get('x-request-id')).toBeTruthy();
      const body = JSON.parse(text);
      expect(body.errors.length).toBeGreaterThan(0);
      for (const error of body.errors) {
        expect(error.extensions).toMatchObject({ codigo: 'erro_interno', retentavel: true });
      }
      expectNoLeak(text);
    });
  });
});

// Runs last: it leaves the app without a database.
describe('the database going away under a running service', () => {
  it('answers 500 erro_interno (authentication cannot run) and /healthz stops answering 200', async () => {
    const client = httpClient(t.url, acct.liveKey);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    expect((await client.get('/v1/companies')).status).toBe(200);

    await t.app.database.close();

    const problem = await client.get('/v1/nfse');
    expect(problem.status).toBe(500);
    expect(problem.body).toMatchObject({ codigo: 'erro_interno', retentavel: true, requisicao_id: problem.requestId });
    expectNoLeak(problem.text);
    const nest = await client.get('/v1/companies');
    expect(nest.status).toBe(500);
    expect(nest.body).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
    expectNoLeak(nest.text);

    const health = await fetch(`${t.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get('x-request-id')).toBeTruthy();
    const healthBody = await health.json();
    expect(healthBody).toMatchObject({ codigo: 'servico_indisponivel', retentavel: true });
    expectNoLeak(JSON.stringify(healthBody));
  });
});
