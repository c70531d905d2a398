// The built panel at /painel: its files with their types and caching, index.html for the panel's own routes,
// the strict Content-Security-Policy, no way out of the folder, and a Portuguese 503 when it was never built.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'painel-'));
mkdirSync(join(dir, 'assets'));
const INDEX =
  '<!doctype html><html lang="pt-BR"><head><script type="module" src="/painel/assets/app-3f2a9c.js"></script></head><body></body></html>';
writeFileSync(join(dir, 'index.html'), INDEX);
writeFileSync(join(dir, 'assets', 'app-3f2a9c.js'), 'console.log("painel");');
writeFileSync(join(dir, 'assets', 'app-3f2a9c.css'), 'body { margin: 0 }');
writeFileSync(join(dir, 'assets', 'logo-11aa.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(dir, 'favicon.ico'), 'ico');
writeFileSync(join(tmpdir(), 'fora-do-painel.txt'), 'segredo');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let t: TestApp;
useTestApp(
  (s) => ({ t } = s),
  () => ({ worker: false, env: { PAINEL_DIR: dir } }),
);

const get = (path: string) => fetch(`${t.url}${path}`);

/** The request line exactly as written: fetch would normalise the dot segments away. */
function rawGet(path: string): Promise<string> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    const parts: Buffer[] = [];
    socket.on('data', (c: Buffer) => parts.push(c));
    socket.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('the built panel', () => {
  it('serves index.html at /painel and at any route of the panel, never cached stale', async () => {
    for (const path of [
      '/painel',
      '/painel/',
      '/painel/notas',
      '/painel/notas/0192-abc?filtro=x',
      '/painel/convite?token=abc',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('serves hashed assets with their types, cached for good', async () => {
    const cases = [
      ['/painel/assets/app-3f2a9c.js', 'text/javascript; charset=utf-8'],
      ['/painel/assets/app-3f2a9c.css', 'text/css; charset=utf-8'],
      ['/painel/assets/logo-11aa.svg', 'image/svg+xml'],
    ] as const;
    for (const [path, type] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect(await (await get('/painel/assets/app-3f2a9c.js')).text()).toBe('console.log("painel");');
    const icon = await get('/painel/favicon.ico');
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('a missing asset is 404, not the page', async () => {
    const res = await get('/painel/assets/app-000000.js');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ codigo: 'rota_nao_encontrada' });
  });

  it('every answer carries the strict Content-Security-Policy and the other protective headers', async () => {
    for (const path of ['/painel', '/painel/assets/app-3f2a9c.js', '/painel/assets/nada.js', '/painel/api/sessao']) {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    // The API's own routes are not the panel's: no CSP there.
    expect((await get('/healthz')).headers.get('content-security-policy')).toBeNull();
  });

  it('no path leaves the folder', async () => {
    for (const path of [
      '/painel/../fora-do-painel.txt',
      '/painel/%2e%2e/fora-do-painel.txt',
      '/painel/assets/%2e%2e/%2e%2e/fora-do-painel.txt',
      '/painel/%E0%A4%A',
    ]) {
      const res = await rawGet(path);
      expect(res, path).not.toContain('segredo');
      expect(res, path).toMatch(/^HTTP\/1\.1 (404|200|400)/);
    }
  });

  it('JSON routes that do not exist are problems, not the page', async () => {
    const res = await get('/painel/api/nada');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('a panel never built', () => {
  it('answers a Portuguese 503 page', async () => {
    rmSync(join(dir, 'index.html'));
    try {
      const res = await get('/painel/notas');
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('O painel não foi construído');
    } finally {
      writeFileSync(join(dir, 'index.html'), INDEX);
    }
  });
});
