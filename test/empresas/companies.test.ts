import { describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { MUNICIPIO_NACIONAL, seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { randomNumericCnpj } from '../../src/engine/nucleo/random-numeric-cnpj.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;

useTestApp((s) => ({ t, acct } = s));

describe('companies', () => {
  it('creates with a live key and lists with a test key', async () => {
    const live = httpClient(t.url, acct.liveKey);
    const cnpj = randomNumericCnpj();
    const created = await live.post('/v1/companies', {
      cnpj,
      razao_social: 'ACME Serviços',
      municipio: MUNICIPIO_NACIONAL,
      regime_tributario: 'mei',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ cnpj, razao_social: 'ACME Serviços', status: 'ativa', certificado: null });
    const list = await httpClient(t.url, acct.testKey).get('/v1/companies');
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: string }) => c.id)).toContain(created.body.id);
  });

  it('refuses creation with a test key (403, NestJS format)', async () => {
    const res = await httpClient(t.url, acct.testKey).post('/v1/companies', {
      cnpj: randomNumericCnpj(),
      razao_social: 'X',
      municipio: MUNICIPIO_NACIONAL,
    });
    expect(res.status).toBe(403);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(res.body.statusCode).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('reports every invalid field at once with field names inside the messages', async () => {
    const res = await httpClient(t.url, acct.liveKey).post('/v1/companies', {
      cnpj: '11111111111111',
      razao_social: '',
      municipio: '9999999',
      extra: 1,
    });
    expect(res.status).toBe(422);
    const messages: string[] = res.body.message;
    expect(messages.some((m) => m.startsWith('cnpj:'))).toBe(true);
    expect(messages.some((m) => m.startsWith('municipio:'))).toBe(true);
    expect(messages.some((m) => m.startsWith('extra:'))).toBe(true);
    expect(messages.some((m) => m.startsWith('razao_social:'))).toBe(true);
  });

  it('gets, pauses, resumes and deletes a company', async () => {
    const live = httpClient(t.url, acct.liveKey);
    const company = await acct.company();
    expect((await live.get(`/v1/companies/${company.id}`)).body.id).toBe(company.id);
    expect((await live.post(`/v1/companies/${company.id}/pausa`)).body.status).toBe('pausada');
    expect((await live.post(`/v1/companies/${company.id}/retomada`)).body.status).toBe('ativa');
    const removed = await live.delete(`/v1/companies/${company.id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    const gone = await live.get(`/v1/companies/${company.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.statusCode).toBe(404);
  });

  it("never shows another account's company", async () => {
    const other = await seedAccount(t.app.engine, 'Outra');
    const foreign = await other.company();
    const res = await httpClient(t.url, acct.liveKey).get(`/v1/companies/${foreign.id}`);
    expect(res.status).toBe(404);
  });

  it('a key restricted to one company sees only it; another company gives 403 acesso_negado', async () => {
    const a = await acct.company();
    const b = await acct.company();
    const restricted = httpClient(t.url, await acct.key('live', a.id));
    const list = await restricted.get('/v1/companies');
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([a.id]);
    const denied = await restricted.get(`/v1/companies/${b.id}`);
    expect(denied.status).toBe(403);
  });

  it('replays POST /v1/companies with the same Idempotency-Key and refuses a different body', async () => {
    const live = httpClient(t.url, acct.liveKey);
    const body = { cnpj: randomNumericCnpj(), razao_social: 'Idem', municipio: MUNICIPIO_NACIONAL };
    const first = await live.post('/v1/companies', body, { headers: { 'idempotency-key': 'k-company-1' } });
    const reordered = { municipio: body.municipio, razao_social: body.razao_social, cnpj: body.cnpj };
    const second = await live.post('/v1/companies', reordered, { headers: { 'idempotency-key': 'k-company-1' } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const conflict = await live.post(
      '/v1/companies',
      { ...body, razao_social: 'Outra' },
      { headers: { 'idempotency-key': 'k-company-1' } },
    );
    expect(conflict.status).toBe(409);
    const all = await live.get('/v1/companies');
    expect(all.body.filter((c: { cnpj: string }) => c.cnpj === body.cnpj)).toHaveLength(1);
  });
});
