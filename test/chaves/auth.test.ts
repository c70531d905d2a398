import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/engine/chaves/create-api-key.js';
import { revokeApiKey } from '../../src/engine/chaves/revoke-api-key.js';
import { randomNumericCnpj } from '../../src/engine/nucleo/random-numeric-cnpj.js';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { httpClient, type HttpResponse } from '../support/http.js';
import { MUNICIPIO_NACIONAL, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const DOCS_URL = 'https://docs.auth.test';
let t: TestApp;
let acct: SeededAccount;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ env: { DOCS_URL } }),
);

function expectProblem401(res: HttpResponse) {
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({
    type: `${DOCS_URL}/erros/nao_autenticado`,
    codigo: 'nao_autenticado',
    retentavel: false,
  });
  expect(res.body.requisicao_id).toBe(res.requestId);
}

function expectNest401(res: HttpResponse) {
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'statusCode']);
  expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  expect(res.requestId).toBeTruthy();
}

describe('401 nao_autenticado in each route family', () => {
  const revoked = async () => {
    const { id, key } = await createApiKey(t.app.engine, { accountId: acct.accountId, environment: 'live' });
    // The key works before it is revoked, so the 401 afterwards is the revocation's doing.
    expect((await httpClient(t.url, key).get('/v1/companies')).status).toBe(200);
    await revokeApiKey(t.app.engine, { id });
    return `Bearer ${key}`;
  };
  const cases: Array<[string, () => Promise<string | undefined>]> = [
    ['missing header', async () => undefined],
    ['not a Bearer scheme', async () => `Basic ${Buffer.from('user:pass').toString('base64')}`],
    ['Bearer without a key', async () => 'Bearer'],
    ['a key without the svc_ prefix', async () => `Bearer ${acct.liveKey.replace('svc_live_', 'sk_live_')}`],
    ['an unknown key of the right shape', async () => `Bearer svc_live_${'A'.repeat(43)}`],
    ['a live key relabelled as test', async () => `Bearer ${acct.liveKey.replace('svc_live_', 'svc_test_')}`],
    ['a revoked key', revoked],
  ];

  for (const [name, authorization] of cases) {
    it(`${name}: problem+json on /v1/nfse and /v1/eventos, NestJS format on /v1/companies`, async () => {
      const value = await authorization();
      const headers: Record<string, string> = value === undefined ? {} : { authorization: value };
      const client = httpClient(t.url);
      expectProblem401(await client.get('/v1/nfse', { key: null, headers }));
      expectProblem401(await client.get('/v1/eventos', { key: null, headers }));
      // Unknown routes are authenticated before routing: a stranger learns nothing about what exists.
      expectProblem401(await client.get('/v1/nfse/rota/que/nao/existe', { key: null, headers }));
      expectNest401(await client.get('/v1/companies', { key: null, headers }));
      expectNest401(await client.post('/v1/companies', { cnpj: randomNumericCnpj() }, { key: null, headers }));
    });
  }

  it('a valid key passes the same routes', async () => {
    const client = httpClient(t.url, acct.testKey);
    expect((await client.get('/v1/companies')).status).toBe(200);
    expect((await client.get('/v1/eventos')).status).toBe(200);
  });
});

describe('403 for a test key on production-only company operations', () => {
  it('refuses create, certificate, pause, resume and delete, and changes nothing', async () => {
    const company = await acct.company({}, { certificate: false });
    const live = httpClient(t.url, acct.liveKey);
    const before = await live.get(`/v1/companies/${company.id}`);
    const countBefore = (await live.get('/v1/companies')).body.length;
    const test = httpClient(t.url, acct.testKey);
    const cert = generateTestCertificate({ cnpj: company.cnpj, razaoSocial: 'X' });
    const attempts: HttpResponse[] = [
      await test.post('/v1/companies', {
        cnpj: randomNumericCnpj(),
        razao_social: 'Teste',
        municipio: MUNICIPIO_NACIONAL,
      }),
      await test.post(`/v1/companies/${company.id}/certificate`, {
        arquivo: cert.pkcs12.toString('base64'),
        senha: cert.password,
      }),
      await test.post(`/v1/companies/${company.id}/pausa`),
      await test.post(`/v1/companies/${company.id}/retomada`),
      await test.delete(`/v1/companies/${company.id}`),
    ];
    for (const res of attempts) {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(res.body.message).toMatch(/svc_live_/);
    }
    const after = await live.get(`/v1/companies/${company.id}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    const list = await test.get('/v1/companies');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(countBefore);
  });

  it('a test key still reads companies and readiness', async () => {
    const company = await acct.company({}, { certificate: false });
    const test = httpClient(t.url, acct.testKey);
    expect((await test.get(`/v1/companies/${company.id}`)).status).toBe(200);
    expect((await test.get(`/v1/companies/${company.id}/prontidao`)).status).toBe(200);
  });
});

describe('a key restricted to one company', () => {
  it('gets 403 acesso_negado on every route of another company and cannot create companies', async () => {
    const mine = await acct.company({}, { certificate: false });
    const other = await acct.company({}, { certificate: false });
    const restricted = httpClient(t.url, await acct.key('live', mine.id));
    const denied = [
      await restricted.get(`/v1/companies/${other.id}`),
      await restricted.get(`/v1/companies/${other.id}/prontidao`),
      await restricted.post(`/v1/companies/${other.id}/pausa`),
      await restricted.delete(`/v1/companies/${other.id}`),
      await restricted.post('/v1/companies', {
        cnpj: randomNumericCnpj(),
        razao_social: 'Nova',
        municipio: MUNICIPIO_NACIONAL,
      }),
    ];
    for (const res of denied) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.statusCode).toBe(403);
      // acesso_negado (restriction), not the test-key refusal.
      expect(res.body.message).toMatch(/restrita/);
    }
    expect((await restricted.get(`/v1/companies/${mine.id}/prontidao`)).status).toBe(200);
    expect((await httpClient(t.url, acct.liveKey).get(`/v1/companies/${other.id}`)).body.status).toBe('ativa');
  });

  it('a restricted test key also gets 403 on another company', async () => {
    const mine = await acct.company({}, { certificate: false });
    const other = await acct.company({}, { certificate: false });
    const restricted = httpClient(t.url, await acct.key('test', mine.id));
    const res = await restricted.get(`/v1/companies/${other.id}`);
    expect(res.status).toBe(403);
  });
});
