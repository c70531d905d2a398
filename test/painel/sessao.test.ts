// Sign-in to the operator panel: the session cookie's flags, CSRF on every state change, sign-out, the lockout
// after repeated failures, the session's idle and absolute ends, invitations, and the wall between API keys
// and panel sessions.
import { describe, expect, it } from 'vitest';
import { DAY, FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { PAINEL_LIMIT_PER_MINUTE } from '../../src/http/painel/register-painel.js';
import { createConvite } from '../../src/engine/pessoas/create-convite.js';
import { setPessoaPassword } from '../../src/engine/pessoas/set-pessoa-password.js';
import { SESSION_LIMITS, SIGN_IN_LIMITS } from '../../src/engine/pessoas/sign-in.js';
import type { SeededAccount } from '../support/seed.js';
import { cookieOf, seedPessoa, signInPanel, type Pessoa } from '../support/painel.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
const clock = new FakeClock('2026-11-02T12:00:00Z');
useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, worker: false }),
);

const entrar = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/painel/api/entrar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const sessao = (cookie: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/painel/api/sessao`, { headers: { cookie, ...headers } });
/** Every lockout test starts with a clean window for this machine's address. */
const nextWindow = () => clock.advance(SIGN_IN_LIMITS.janelaMs + 1000);

describe('sign-in and session', () => {
  it('answers the account and the CSRF token and sets an HttpOnly, SameSite=Strict cookie scoped to /painel', async () => {
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    const res = await entrar({ email: pessoa.email.toUpperCase(), senha: pessoa.senha });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toEqual({
      csrf: expect.stringMatching(/^[\w-]{43}$/),
      email: pessoa.email,
      conta: { id: acct.accountId, nome: 'Conta de teste', email: null },
    });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^fiscal_sessao=[\w-]{43}; /);
    expect(setCookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Path=/painel', 'SameSite=Strict']);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");

    const again = await sessao(cookieOf(res));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
  });

  it('stores only a hash of the session token, never the token', async () => {
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    const res = await entrar(pessoa);
    const token = cookieOf(res).split('=')[1]!;
    const rows = await t.app.engine.db.sessaoPainel.findMany({ where: { pessoa: { email: pessoa.email } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.hash).not.toContain(token);
    const stored = await t.app.engine.db.pessoa.findUniqueOrThrow({ where: { email: pessoa.email } });
    expect(stored.senhaHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(stored.senhaHash).not.toContain(pessoa.senha);
  });

  it('without a session, or with an unknown one, GET /painel/api/sessao is a Portuguese 401', async () => {
    for (const cookie of ['', 'fiscal_sessao=abc', `fiscal_sessao=${'a'.repeat(43)}`]) {
      const res = await sessao(cookie);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await res.json()).toMatchObject({
        codigo: 'nao_autenticado',
        mensagem: 'Sessão do painel ausente, vencida ou encerrada.',
      });
    }
  });

  it('a wrong password and an unknown e-mail get the same 401', async () => {
    nextWindow();
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    const wrong = await entrar({ email: pessoa.email, senha: 'outra senha qualquer' });
    const unknown = await entrar({ email: 'ninguem@exemplo.com.br', senha: pessoa.senha });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toMatchObject({ codigo: 'credenciais_invalidas', mensagem: 'E-mail ou senha incorretos.' });
    expect({ ...a, requisicao_id: null }).toEqual({ ...b, requisicao_id: null });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const malformed = await fetch(`${t.url}/painel/api/entrar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1]',
    });
    expect(malformed.status).toBe(400);
  });

  it('sign-out needs the CSRF token, ends the session and clears the cookie', async () => {
    const panel = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
    const noToken = await panel.call('POST', '/painel/api/sair', { headers: { 'x-csrf-token': '' } });
    expect(noToken.status).toBe(403);
    expect(noToken.body).toMatchObject({ codigo: 'acesso_negado', mensagem: 'Token CSRF ausente ou inválido.' });
    const otherToken = await panel.call('POST', '/painel/api/sair', {
      headers: { 'x-csrf-token': `${panel.csrf.slice(0, -1)}x` },
    });
    expect(otherToken.status).toBe(403);
    expect((await sessao(panel.cookie)).status).toBe(200);

    const out = await panel.call('POST', '/painel/api/sair');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('fiscal_sessao=; Path=/painel; HttpOnly; SameSite=Strict; Max-Age=0');
    expect((await sessao(panel.cookie)).status).toBe(401);
  });

  it('the CSRF token of one session does not serve another', async () => {
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    const a = await signInPanel(t.url, pessoa);
    const b = await signInPanel(t.url, pessoa);
    expect(a.csrf).not.toBe(b.csrf);
    const crossed = await a.call('POST', '/painel/api/sair', { headers: { 'x-csrf-token': b.csrf } });
    expect(crossed.status).toBe(403);
  });
});

describe('rate limit', () => {
  it(`holds one session to ${PAINEL_LIMIT_PER_MINUTE} requests in a clock minute, GraphQL included; another session and the next minute are free`, async () => {
    clock.advance(MINUTE - (clock.now().getTime() % MINUTE));
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    const a = await signInPanel(t.url, pessoa);
    const b = await signInPanel(t.url, pessoa);
    const statuses = await Promise.all(
      Array.from({ length: PAINEL_LIMIT_PER_MINUTE }, () => a.call('GET', '/painel/api/sessao').then((r) => r.status)),
    );
    expect([...new Set(statuses)]).toEqual([200]);

    const over = await a.call('GET', '/painel/api/sessao');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      codigo: 'limite_de_requisicoes',
      mensagem: `Mais de ${PAINEL_LIMIT_PER_MINUTE} requisições neste minuto nesta sessão do painel.`,
      retentavel: true,
    });
    expect((await a.call('POST', '/painel/graphql', { body: { query: '{ conta { id } }' } })).status).toBe(429);
    expect((await b.call('GET', '/painel/api/sessao')).status).toBe(200);

    clock.advance(MINUTE);
    expect((await a.call('GET', '/painel/api/sessao')).status).toBe(200);
  });
});

describe('lockout', () => {
  async function fail(pessoa: Pessoa, times: number) {
    for (let i = 0; i < times; i++)
      expect((await entrar({ email: pessoa.email, senha: `errada ${i} xxxxxxxx` })).status).toBe(401);
  }

  it('after 5 failures in 15 minutes the e-mail is locked, even with the right password, until the window passes', async () => {
    nextWindow();
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    await fail(pessoa, SIGN_IN_LIMITS.porEmail);
    clock.advance(5 * MINUTE);
    const locked = await entrar(pessoa);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ codigo: 'entrada_bloqueada', retentavel: true });
    // The failures were at one instant, 5 minutes ago: the window leaves them in 10 minutes.
    expect(Number(locked.headers.get('retry-after'))).toBe(10 * 60);
    expect(locked.headers.get('set-cookie')).toBeNull();
    // Another person signs in meanwhile: the lock is the e-mail's.
    expect((await entrar(await seedPessoa(t.app.engine, acct.accountId))).status).toBe(200);

    clock.advance(10 * MINUTE);
    expect((await entrar(pessoa)).status).toBe(200);
  });

  it("a successful sign-in forgets the e-mail's earlier failures", async () => {
    nextWindow();
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    await fail(pessoa, SIGN_IN_LIMITS.porEmail - 1);
    expect((await entrar(pessoa)).status).toBe(200);
    await fail(pessoa, SIGN_IN_LIMITS.porEmail - 1);
    expect((await entrar(pessoa)).status).toBe(200);
  });

  it('20 failures from one address lock every e-mail from it', async () => {
    nextWindow();
    for (let i = 0; i < SIGN_IN_LIMITS.porIp; i++) {
      expect((await entrar({ email: `tentativa-${i}@exemplo.com.br`, senha: 'senha errada xx' })).status).toBe(401);
    }
    const locked = await entrar(await seedPessoa(t.app.engine, acct.accountId));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(15 * 60);
    nextWindow();
  });
});

describe('session lifetime', () => {
  it('ends after 12 hours idle', async () => {
    const panel = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
    clock.advance(SESSION_LIMITS.idleMs - MINUTE);
    expect((await sessao(panel.cookie)).status).toBe(200);
    clock.advance(SESSION_LIMITS.idleMs - MINUTE);
    expect((await sessao(panel.cookie)).status).toBe(200);
    clock.advance(SESSION_LIMITS.idleMs + MINUTE);
    expect((await sessao(panel.cookie)).status).toBe(401);
  });

  it('ends 7 days after sign-in however much it is used', async () => {
    const panel = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
    for (let elapsed = 0; elapsed + 11 * HOUR < 7 * DAY; elapsed += 11 * HOUR) {
      clock.advance(11 * HOUR);
      expect((await sessao(panel.cookie)).status).toBe(200);
    }
    clock.advance(11 * HOUR);
    expect((await sessao(panel.cookie)).status).toBe(401);
  });

  it("a new password ends the person's open sessions", async () => {
    const pessoa = await seedPessoa(t.app.engine, acct.accountId);
    const panel = await signInPanel(t.url, pessoa);
    await setPessoaPassword(t.app.engine, { email: pessoa.email, senha: 'uma senha nova e longa' });
    expect((await sessao(panel.cookie)).status).toBe(401);
    expect((await entrar(pessoa)).status).toBe(401);
    expect((await entrar({ email: pessoa.email, senha: 'uma senha nova e longa' })).status).toBe(200);
  });
});

describe('invitation', () => {
  const aceitar = (body: unknown) =>
    fetch(`${t.url}/painel/api/convite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('sets the password of a new person once; the link then is spent', async () => {
    nextWindow();
    const email = `convidada-${Date.now()}@exemplo.com.br`;
    const convite = await createConvite(t.app.engine, { email, accountId: acct.accountId });
    expect(convite.link).toMatch(/^\/painel\/convite\?token=[\w-]{43}$/);
    const token = new URL(convite.link, 'http://x').searchParams.get('token')!;

    const short = await aceitar({ token, senha: 'curta' });
    expect(short.status).toBe(422);
    expect(await short.json()).toMatchObject({ codigo: 'validacao', campo: '/senha' });

    const ok = await aceitar({ token, senha: 'senha do convite longa' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ email });
    const signedIn = await entrar({ email, senha: 'senha do convite longa' });
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).conta.id).toBe(acct.accountId);

    const reused = await aceitar({ token, senha: 'outra senha bem longa' });
    expect(reused.status).toBe(410);
    expect(await reused.json()).toMatchObject({ codigo: 'convite_invalido' });
  });

  it('an expired or unknown link is refused', async () => {
    const convite = await createConvite(t.app.engine, {
      email: `vencido-${Date.now()}@exemplo.com.br`,
      accountId: acct.accountId,
    });
    clock.advance(3 * DAY + MINUTE);
    const token = new URL(convite.link, 'http://x').searchParams.get('token')!;
    expect((await aceitar({ token, senha: 'senha do convite longa' })).status).toBe(410);
    expect((await aceitar({ token: 'x'.repeat(43), senha: 'senha do convite longa' })).status).toBe(410);
  });
});

describe('API keys and panel sessions never cross', () => {
  it('an API key is refused on /painel, even beside a valid session cookie', async () => {
    const panel = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
    const withKey = await sessao(panel.cookie, { authorization: `Bearer ${acct.liveKey}` });
    expect(withKey.status).toBe(401);
    expect(await withKey.json()).toMatchObject({
      codigo: 'nao_autenticado',
      mensagem: 'Chaves de API não valem no painel.',
    });
    const gql = await fetch(`${t.url}/painel/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.liveKey}` },
      body: JSON.stringify({ query: '{ account { id } }' }),
    });
    expect(gql.status).toBe(401);
    const keyOnly = await fetch(`${t.url}/painel/api/entrar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${acct.liveKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(keyOnly.status).toBe(401);
  });

  it('a panel session is refused on /v1 and /graphql', async () => {
    const panel = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
    const v1 = await fetch(`${t.url}/v1/account`, { headers: { cookie: panel.cookie, 'x-csrf-token': panel.csrf } });
    expect(v1.status).toBe(401);
    const graphql = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: panel.cookie, 'x-csrf-token': panel.csrf },
      body: JSON.stringify({ query: '{ account { id } }' }),
    });
    const body = await graphql.json();
    expect(body.data).toBeNull();
    expect(body.errors[0].extensions.codigo).toBe('nao_autenticado');
  });
});
