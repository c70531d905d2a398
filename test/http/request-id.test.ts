import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { randomNumericCnpj } from '../../src/engine/nucleo/random-numeric-cnpj.js';
import { INTERNAL_DETAIL, withFailingDatabase } from '../support/faults.js';
import { httpClient } from '../support/http.js';
import { jsonOfSize, streamRequest, type RawResponse } from '../support/raw-http.js';
import { MUNICIPIO_NACIONAL, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const DOCS_URL = 'https://docs.request-id.test/v1';
// A problem body's members: these and only these, plus erros/itens/nfse_id/nfse when the code has them.
const PROBLEM_FIELDS = [
  'campo',
  'codigo',
  'codigo_oficial',
  'correcao',
  'mensagem',
  'requisicao_id',
  'retentavel',
  'type',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let t: TestApp;
let acct: SeededAccount;
const clock = new FakeClock('2026-11-02T12:00:00Z');

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, env: { DOCS_URL: `${DOCS_URL}/` } }),
);

interface Seen {
  label: string;
  status: number;
  requestId: string | null;
  contentType: string | null;
  body: any;
}

async function viaFetch(label: string, path: string, init: RequestInit = {}): Promise<Seen> {
  const res = await fetch(t.url + path, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return {
    label,
    status: res.status,
    requestId: res.headers.get('x-request-id'),
    contentType: res.headers.get('content-type'),
    body,
  };
}

function fromRaw(label: string, raw: RawResponse): Seen {
  const requestId = raw.headers['x-request-id'];
  return {
    label,
    status: raw.status,
    requestId: typeof requestId === 'string' ? requestId : null,
    contentType: String(raw.headers['content-type'] ?? ''),
    body: raw.body,
  };
}

function expectProblem(seen: Seen, codigo: string, status: number) {
  expect(seen.status, seen.label).toBe(status);
  expect(seen.contentType, seen.label).toMatch(/^application\/problem\+json/);
  expect(Object.keys(seen.body).sort(), seen.label).toEqual(PROBLEM_FIELDS);
  expect(seen.body.type, seen.label).toBe(`${DOCS_URL}/erros/${codigo}`);
  expect(seen.body.codigo, seen.label).toBe(codigo);
  expect(seen.body.requisicao_id, seen.label).toBe(seen.requestId);
  expect(typeof seen.body.mensagem).toBe('string');
  expect(typeof seen.body.retentavel).toBe('boolean');
}

describe('X-Request-Id on every response', () => {
  it('is present, a fresh UUID each time, on every status and route kind', async () => {
    const live = httpClient(t.url, acct.liveKey);
    const company = await acct.company({}, { certificate: false });
    const auth = { authorization: `Bearer ${acct.liveKey}` };
    const seen: Seen[] = [];
    const add = (label: string, res: { status: number; requestId: string | null; headers: Headers; body: unknown }) =>
      seen.push({
        label,
        status: res.status,
        requestId: res.requestId,
        contentType: res.headers.get('content-type'),
        body: res.body,
      });

    add('200 list', await live.get('/v1/companies'));
    add(
      '201 create',
      await live.post('/v1/companies', {
        cnpj: randomNumericCnpj(),
        razao_social: 'Rid',
        municipio: MUNICIPIO_NACIONAL,
      }),
    );
    add('204 delete', await live.delete(`/v1/companies/${company.id}`));
    add('401 problem', await live.get('/v1/nfse', { key: null }));
    add('401 nest', await live.get('/v1/companies', { key: null }));
    add('404 nest', await live.get(`/v1/companies/${company.id}`));
    add('404 problem', await live.get('/v1/eventos/nao/existe'));
    seen.push(await viaFetch('404 outside /v1', '/nao-existe'));
    seen.push(await viaFetch('200 healthz', '/healthz'));
    seen.push(
      await viaFetch('200 graphql POST', '/graphql', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ account { id } }' }),
      }),
    );
    seen.push(
      await viaFetch('200 graphql without key', '/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ account { id } }' }),
      }),
    );
    seen.push(
      await viaFetch('200 graphql GET', `/graphql?query=${encodeURIComponent('{ account { id } }')}`, {
        headers: auth,
      }),
    );
    const big = jsonOfSize(2 * 1024 * 1024 + 10);
    seen.push(
      fromRaw(
        '413',
        await streamRequest(`${t.url}/v1/companies`, {
          headers: { ...auth, 'content-type': 'application/json' },
          ...big,
        }),
      ),
    );

    const burst = httpClient(t.url, await acct.key('live'));
    for (let i = 0; i < 120; i++) expect((await burst.get('/v1/lotes/nada')).status).toBe(404);
    add('429 problem', await burst.get('/v1/lotes/nada'));
    add('429 nest', await burst.get('/v1/companies'));
    await withFailingDatabase(t.app.engine, async () => {
      add('500 nest', await live.get('/v1/companies'));
      add('500 problem', await live.get('/v1/eventos'));
    });

    const statuses = seen.map((s) => s.status);
    for (const status of [200, 201, 204, 401, 404, 413, 429, 500]) expect(statuses).toContain(status);
    for (const s of seen) expect(s.requestId, `${s.label} has no X-Request-Id`).toMatch(UUID);
    expect(new Set(seen.map((s) => s.requestId)).size).toBe(seen.length);
    for (const s of seen.filter((x) => x.contentType?.startsWith('application/problem+json'))) {
      expect(s.body.requisicao_id, s.label).toBe(s.requestId);
    }
    expect(seen.filter((x) => x.contentType?.startsWith('application/problem+json')).length).toBeGreaterThanOrEqual(4);
  });

  it('ignores an X-Request-Id sent by the caller (the service names its calls)', async () => {
    const res = await httpClient(t.url, acct.liveKey).get('/v1/companies', {
      headers: { 'x-request-id': 'caller-chosen' },
    });
    expect(res.requestId).toMatch(UUID);
  });
});

describe('problem+json bodies', () => {
  it('have exactly the spec fields, type under DOCS_URL and requisicao_id equal to the header', async () => {
    const live = httpClient(t.url, acct.liveKey);
    const problems: Array<[Seen, string, number]> = [];
    const take = (
      label: string,
      r: { status: number; requestId: string | null; headers: Headers; body: unknown },
    ): Seen => ({
      label,
      status: r.status,
      requestId: r.requestId,
      contentType: r.headers.get('content-type'),
      body: r.body,
    });
    problems.push([take('401', await live.get('/v1/nfse', { key: null })), 'nao_autenticado', 401]);
    problems.push([take('404', await live.get('/v1/lotes/nada/desconhecida')), 'rota_nao_encontrada', 404]);
    problems.push([
      take(
        '400',
        await live.request('POST', '/v1/nfse', {
          raw: '{"referencia": ',
          headers: { 'content-type': 'application/json' },
        }),
      ),
      'requisicao_invalida',
      400,
    ]);
    const big = jsonOfSize(2 * 1024 * 1024 + 1);
    const raw = await streamRequest(`${t.url}/v1/nfse`, {
      headers: { authorization: `Bearer ${acct.liveKey}`, 'content-type': 'application/json' },
      ...big,
    });
    problems.push([fromRaw('413', raw), 'corpo_muito_grande', 413]);
    await withFailingDatabase(t.app.engine, async () => {
      problems.push([take('500', await live.get('/v1/eventos')), 'erro_interno', 500]);
    });
    for (const [seen, codigo, status] of problems) {
      expectProblem(seen, codigo, status);
      for (const banned of ['title', 'status', 'detail', 'instance']) expect(seen.body).not.toHaveProperty(banned);
    }
    expect(problems.find(([s]) => s.label === '500')![0].body.retentavel).toBe(true);
    expect(JSON.stringify(problems.map(([s]) => s.body))).not.toContain(INTERNAL_DETAIL);
  });

  it('NestJS-format bodies carry no requisicao_id', async () => {
    const res = await httpClient(t.url, acct.liveKey).get('/v1/companies/nao-existe');
    expect(res.status).toBe(404);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(res.requestId).toMatch(UUID);
  });
});
