import { describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { jsonOfSize, multipartOfSize, streamRequest, type RawResponse } from '../support/raw-http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const MB = 1024 * 1024;
let t: TestApp;
let acct: SeededAccount;

useTestApp((s) => ({ t, acct } = s));

const auth = () => ({ authorization: `Bearer ${acct.liveKey}` });

function expect413(res: RawResponse, family: 'problem' | 'nest') {
  expect(res.status, res.text.slice(0, 500)).toBe(413);
  expect(res.headers['x-request-id']).toBeTruthy();
  if (family === 'problem') {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ codigo: 'corpo_muito_grande', requisicao_id: res.headers['x-request-id'] });
  } else {
    expect(res.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  }
}

describe('malformed JSON → 400 requisicao_invalida (both families)', () => {
  const bodies = ['{"cnpj": ', '{cnpj: 1}', '[1, 2', '{"a": 1}}', '{"__proto__": {"admin": true}}'];

  for (const raw of bodies) {
    it(`refuses ${JSON.stringify(raw)}`, async () => {
      const client = httpClient(t.url, acct.liveKey);
      const headers = { 'content-type': 'application/json' };
      const nest = await client.request('POST', '/v1/companies', { raw, headers });
      expect(nest.status, nest.text).toBe(400);
      expect(nest.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(nest.body.message).toMatch(/JSON/);
      const problem = await client.request('POST', '/v1/nfse', { raw, headers });
      expect(problem.status, problem.text).toBe(400);
      expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(problem.body).toMatchObject({
        codigo: 'requisicao_invalida',
        retentavel: false,
        requisicao_id: problem.requestId,
      });
    });
  }

  it('application/*+json bodies go through the same parser', async () => {
    const res = await httpClient(t.url, acct.liveKey).request('POST', '/v1/nfse', {
      raw: '{oops',
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.codigo).toBe('requisicao_invalida');
  });

  it('a body of another media type is 415, and a missing body is 400, never 500', async () => {
    const client = httpClient(t.url, acct.liveKey);
    const text = await client.request('POST', '/v1/companies', {
      raw: 'cnpj=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const none = await client.request('POST', '/v1/companies', {});
    expect(none.status).toBe(400);
    expect(none.body.statusCode).toBe(400);
  });
});

describe('body limits', () => {
  it('2 MB on /v1/companies: a body just above is 413, a body just below is read', async () => {
    const over = await streamRequest(`${t.url}/v1/companies`, {
      headers: { ...auth(), 'content-type': 'application/json' },
      ...jsonOfSize(2 * MB + 1),
    });
    expect413(over, 'nest');
    // Just under the limit it is parsed and validated: 422 for the unknown member, not 413.
    const under = await streamRequest(`${t.url}/v1/companies`, {
      headers: { ...auth(), 'content-type': 'application/json' },
      ...jsonOfSize(2 * MB - 1024),
    });
    expect(under.status, under.text.slice(0, 300)).toBe(422);
  });

  it('2 MB also holds without Content-Length (chunked upload)', async () => {
    const { chunks } = jsonOfSize(3 * MB);
    const res = await streamRequest(`${t.url}/v1/nfse`, {
      headers: { ...auth(), 'content-type': 'application/json' },
      chunks,
    });
    expect413(res, 'problem');
  });

  it('/v1/lotes accepts JSON bodies up to 30 MB: 3 MB reaches the batch validation (422, not 413)', async () => {
    const res = await streamRequest(`${t.url}/v1/lotes`, {
      headers: { ...auth(), 'content-type': 'application/json' },
      ...jsonOfSize(3 * MB),
    });
    expect(res.status, res.text.slice(0, 300)).not.toBe(413);
    expect(res.status).toBe(422);
    expect(res.body.codigo).toBe('validacao');
  });

  it('/v1/lotes refuses JSON above 30 MB with 413', async () => {
    const res = await streamRequest(`${t.url}/v1/lotes`, {
      headers: { ...auth(), 'content-type': 'application/json' },
      ...jsonOfSize(30 * MB + 1),
    });
    expect413(res, 'problem');
  });

  it('/v1/lotes refuses a spreadsheet above 20 MB with 413 and accepts a smaller one', async () => {
    const over = multipartOfSize(
      { empresa_id: 'x', ao_validar: 'emitir' },
      { field: 'planilha', name: 'lote.xlsx', size: 20 * MB + 1 },
    );
    const res = await streamRequest(`${t.url}/v1/lotes`, {
      headers: { ...auth(), 'content-type': over.contentType },
      ...over,
    });
    expect413(res, 'problem');
    const under = multipartOfSize({ empresa_id: 'x' }, { field: 'planilha', name: 'lote.xlsx', size: 3 * MB });
    const ok = await streamRequest(`${t.url}/v1/lotes`, {
      headers: { ...auth(), 'content-type': under.contentType },
      ...under,
    });
    // Past the size limit the file is read: these bytes are no .xlsx.
    expect(ok.status, ok.text.slice(0, 300)).toBe(422);
    expect(ok.body.codigo).toBe('planilha_invalida');
  });

  it('other routes keep the 2 MB limit for multipart files too', async () => {
    const company = await acct.company({}, { certificate: false });
    const form = multipartOfSize({ senha: 'x' }, { field: 'arquivo', name: 'cert.pfx', size: 2 * MB + 1 });
    const res = await streamRequest(`${t.url}/v1/companies/${company.id}/certificate`, {
      headers: { ...auth(), 'content-type': form.contentType },
      ...form,
    });
    expect413(res, 'nest');
  });

  it('without a key an oversized body is refused with 401 before it is read', async () => {
    const res = await streamRequest(`${t.url}/v1/nfse`, {
      headers: { 'content-type': 'application/json' },
      ...jsonOfSize(3 * MB),
    });
    expect(res.status).toBe(401);
    expect(res.body.codigo).toBe('nao_autenticado');
  });
});

describe('query parameters', () => {
  it('an unknown parameter is ignored outside document routes', async () => {
    const client = httpClient(t.url, acct.liveKey);
    const company = await acct.company({}, { certificate: false });
    expect((await client.get('/v1/companies?_=1700000000')).status).toBe(200);
    expect((await client.get(`/v1/companies/${company.id}/prontidao?detalhe=1`)).status).toBe(200);
    expect((await client.get('/v1/eventos?foo=bar')).status).toBe(200);
  });

  it('an invalid value of a known parameter is still 400 parametro_invalido', async () => {
    const res = await httpClient(t.url, acct.liveKey).get('/v1/eventos?limite=0');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ codigo: 'parametro_invalido', requisicao_id: res.requestId });
  });
});
