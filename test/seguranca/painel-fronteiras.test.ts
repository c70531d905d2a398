// The panel's boundaries: its GraphQL answers are readable, with the session cookie, by a page of the service's
// own origin or of PAINEL_ORIGINS only; the API-key GraphQL allows any page but never with the browser's
// credentials; and a percent-encoded spelling of /painel/api meets the same session and CSRF checks as the plain
// one, never an internal error.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPessoa, signInPanel, type Panel } from '../support/painel.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const LISTED = 'https://painel.exemplo.com.br';
const FOREIGN = 'https://outro.exemplo.com.br';
let t: TestApp;
let acct: SeededAccount;
let panel: Panel;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false, env: { PAINEL_ORIGINS: `${LISTED}/` } }),
);
beforeAll(async () => {
  panel = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
});

const QUERY = JSON.stringify({ query: '{ account { id } }' });

/** The panel's GraphQL with the session, as a page of `origin` would call it. */
const panelPost = (origin: string) =>
  fetch(`${t.url}/painel/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: panel.cookie, 'x-csrf-token': panel.csrf, origin },
    body: QUERY,
  });

const preflight = (path: string, origin: string, headers: string) =>
  fetch(`${t.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });

describe('CORS of /painel/graphql', () => {
  it("another site's page gets no CORS headers, so its script cannot read the answer", async () => {
    const res = await panelPost(FOREIGN);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const pre = await preflight('/painel/graphql', FOREIGN, 'content-type,x-csrf-token');
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it("the service's own origin is allowed with credentials", async () => {
    const res = await panelPost(t.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(t.url);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('an origin of PAINEL_ORIGINS is allowed, its preflight included', async () => {
    const pre = await preflight('/painel/graphql', LISTED, 'content-type,x-csrf-token');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    const res = await panelPost(LISTED);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
  });
});

describe('CORS of /graphql', () => {
  it('any page may call it with a key, never with the browser credentials', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.testKey}`, origin: FOREIGN },
      body: QUERY,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const pre = await preflight('/graphql', FOREIGN, 'authorization,content-type');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });
});

describe('percent-encoded panel paths', () => {
  const call = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, { method, headers });

  it('GET /painel/%61pi/sessao: 401 without a session, the session with one', async () => {
    const anonymous = await call('GET', '/painel/%61pi/sessao');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).codigo).toBe('nao_autenticado');
    const res = await call('GET', '/painel/%61pi/sessao', { cookie: panel.cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).csrf).toBe(panel.csrf);
  });

  it('GET /painel/%61pi/lotes/{id}/relatorio: 401 without a session, 404 for an unknown batch', async () => {
    expect((await call('GET', `/painel/%61pi/lotes/${randomUUID()}/relatorio`)).status).toBe(401);
    const res = await call('GET', `/painel/%61pi/lotes/${randomUUID()}/relatorio`, { cookie: panel.cookie });
    expect(res.status).toBe(404);
  });

  it('POST /painel/%61pi/sair: the CSRF token is required as on the plain path', async () => {
    const refused = await call('POST', '/painel/%61pi/sair', { cookie: panel.cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).codigo).toBe('acesso_negado');
    const other = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
    const res = await call('POST', '/painel/%61pi/sair', { cookie: other.cookie, 'x-csrf-token': other.csrf });
    expect(res.status).toBe(204);
    expect((await call('GET', '/painel/api/sessao', { cookie: other.cookie })).status).toBe(401);
  });

  it('an encoded /painel/graphql needs the session too', async () => {
    const res = await fetch(`${t.url}/painel/gr%61phql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: QUERY,
    });
    expect(res.status).toBe(401);
  });
});
