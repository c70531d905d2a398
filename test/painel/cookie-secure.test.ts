// Behind a TLS-terminating proxy (TRUST_PROXY=1) the panel's cookie is Secure when the proxy says https, and
// the sign-in lockout counts the client's address from X-Forwarded-For, not the proxy's.
import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../src/engine/pessoas/sign-in.js';
import type { SeededAccount } from '../support/seed.js';
import { seedPessoa } from '../support/painel.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false, env: { TRUST_PROXY: '1' } }),
);

const entrar = (body: unknown, headers: Record<string, string>) =>
  fetch(`${t.url}/painel/api/entrar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('behind a proxy', () => {
  it('the cookie is Secure over https, and only then', async () => {
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    const https = await entrar(pessoa, { 'x-forwarded-proto': 'https' });
    expect(https.status).toBe(200);
    expect(https.headers.get('set-cookie')!.split('; ')).toContain('Secure');
    const http = await entrar(pessoa, { 'x-forwarded-proto': 'http' });
    expect(http.headers.get('set-cookie')!.split('; ')).not.toContain('Secure');
    const cookie = https.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = (await https.json()).csrf;
    const out = await fetch(`${t.url}/painel/api/sair`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'x-forwarded-proto': 'https' },
    });
    expect(out.headers.get('set-cookie')).toBe(
      'fiscal_sessao=; Path=/painel; HttpOnly; SameSite=Strict; Max-Age=0; Secure',
    );
  });

  it('the per-address lockout counts the forwarded client address', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.porIp; i++) {
      expect(
        (
          await entrar(
            { email: `x${i}@exemplo.com.br`, senha: 'senha errada xx' },
            { 'x-forwarded-for': '203.0.113.7' },
          )
        ).status,
      ).toBe(401);
    }
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    expect((await entrar(pessoa, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    expect((await entrar(pessoa, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
  });
});
