// Errors about a header or a query parameter. `campo` is a JSON Pointer into the
// body, so it is null there and `mensagem` names the parameter; validator messages reach clients in Portuguese.
import { describe, expect, it } from 'vitest';
import { httpClient, type HttpResponse } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);

// Words of Ajv's English messages; none may reach a client.
const ENGLISH = /\b(must|should|have|characters|allowed|equal|property)\b/i;

function expectParameterProblem(res: HttpResponse, status: number, codigo: string, parameter: string) {
  const context = `request ${res.requestId}: ${res.text}`;
  expect(res.status, context).toBe(status);
  expect(res.body.codigo, context).toBe(codigo);
  expect(res.body.campo, context).toBeNull();
  expect(res.body.mensagem, context).toContain(parameter);
  expect(res.body.mensagem, context).not.toMatch(ENGLISH);
}

describe('query parameters: campo null, the parameter named in mensagem', () => {
  it('cursor on GET /v1/nfse', async () => {
    expectParameterProblem(
      await httpClient(t.url, acct.liveKey).get('/v1/nfse?cursor=lixo'),
      400,
      'parametro_invalido',
      'cursor',
    );
  });

  it('status on GET /v1/nfse (the document enum, translated)', async () => {
    expectParameterProblem(
      await httpClient(t.url, acct.liveKey).get('/v1/nfse?status=perdida'),
      400,
      'parametro_invalido',
      'status',
    );
  });

  it('limite and apos on GET /v1/eventos', async () => {
    const http = httpClient(t.url, acct.liveKey);
    expectParameterProblem(await http.get('/v1/eventos?limite=0'), 400, 'parametro_invalido', 'limite');
    expectParameterProblem(await http.get('/v1/eventos?apos=lixo'), 400, 'parametro_invalido', 'apos');
    // Longer than the document allows: refused by the request validator, whose message is translated.
    const long = await http.get(`/v1/eventos?apos=${'a'.repeat(101)}`);
    expectParameterProblem(long, 400, 'parametro_invalido', 'apos');
    expect(long.body.mensagem).toContain('100 caracteres');
  });

  it('empresa_id on a lookup', async () => {
    const res = await httpClient(t.url, acct.liveKey).get('/v1/nfse/qualquer?empresa_id=nao-e-uuid');
    expectParameterProblem(res, 400, 'parametro_invalido', 'empresa_id');
  });

  it('an unknown parameter on a document-free route is still ignored', async () => {
    expect((await httpClient(t.url, acct.liveKey).get('/v1/nfse?foo=1')).status).toBe(200);
  });
});

describe('headers: campo null, the header named in mensagem', () => {
  it('X-Service-Simular with a live key, an unknown scenario, and one too long', async () => {
    const company = await acct.company({}, { certificate: false });
    const body = {
      empresa_id: company.id,
      tomador: { documento: '52998224725' },
      valor: '10.00',
      servico: { descricao: 'x' },
    };
    const live = await httpClient(t.url, acct.liveKey).post('/v1/nfse', body, {
      headers: { 'x-service-simular': 'rejeitar' },
    });
    expectParameterProblem(live, 422, 'simulacao_so_no_sandbox', 'X-Service-Simular');
    const test = httpClient(t.url, acct.testKey);
    expectParameterProblem(
      await test.post('/v1/nfse', body, { headers: { 'x-service-simular': 'explodir' } }),
      422,
      'simulacao_invalida',
      'X-Service-Simular',
    );
    const long = await test.post('/v1/nfse', body, { headers: { 'x-service-simular': 'x'.repeat(41) } });
    expectParameterProblem(long, 400, 'parametro_invalido', 'X-Service-Simular');
  });

  it('Idempotency-Key longer than 255 characters', async () => {
    const res = await httpClient(t.url, acct.testKey).post(
      '/v1/nfse',
      {},
      { headers: { 'idempotency-key': 'k'.repeat(256) } },
    );
    expectParameterProblem(res, 400, 'parametro_invalido', 'Idempotency-Key');
    expect(res.body.mensagem).toContain('255 caracteres');
  });
});

describe('limite on GET /v1/nfse is clamped, never refused', () => {
  it('a 21-digit limite answers 200 with at most 100 notes', async () => {
    const res = await httpClient(t.url, acct.liveKey).get('/v1/nfse?limite=999999999999999999999');
    expect(res.status, res.text).toBe(200);
    expect(res.body.dados.length).toBeLessThanOrEqual(100);
    const huge = await httpClient(t.url, acct.liveKey).get(`/v1/nfse?limite=1${'0'.repeat(400)}`);
    expect(huge.status, huge.text).toBe(200);
  });
});

describe('a body with __proto__', () => {
  it('is refused as a forbidden key, not as malformed JSON, in both families', async () => {
    const client = httpClient(t.url, acct.liveKey);
    const raw = '{"__proto__": {"admin": true}, "cnpj": "1"}';
    const headers = { 'content-type': 'application/json' };
    const problem = await client.request('POST', '/v1/nfse', { raw, headers });
    expect(problem.status).toBe(400);
    expect(problem.body.codigo).toBe('requisicao_invalida');
    expect(problem.body.mensagem).toContain('__proto__');
    expect(problem.body.mensagem).not.toMatch(/não é um JSON válido/);
    const nest = await client.request('POST', '/v1/companies', {
      raw: '{"constructor": {"prototype": {"x": 1}}}',
      headers,
    });
    expect(nest.status).toBe(400);
    expect(nest.body.message).toContain('constructor.prototype');
  });
});
