// Panel passwords are hashed with scrypt at OWASP's minimum (N = 2^17, r = 8, p = 1), and a hash stored with older
// parameters is replaced, transparently, at the next sign-in with the right password.
import { randomBytes, scryptSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/engine/pessoas/password-hash.js';
import { seedPessoa, signInPanel, type Pessoa } from '../support/painel.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let pessoa: Pessoa;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);
beforeAll(async () => {
  pessoa = await seedPessoa(t.app.engine, acct.accountId);
});

/** A hash as an older release wrote it: the same format, N = 2^14. */
function olderHash(senha: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(senha.normalize('NFC'), salt, 64, { N: 2 ** 14, r: 8, p: 1 });
  return ['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

const storedHash = async (email: string) =>
  (await t.app.engine.db.pessoa.findUniqueOrThrow({ where: { email } })).senhaHash!;

describe('panel password hashes', () => {
  it('are made with N = 2^17, r = 8, p = 1, and verify', async () => {
    const hash = await hashPassword('uma senha longa');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('uma senha longa', hash)).toBe(true);
    expect(await verifyPassword('outra senha', hash)).toBe(false);
    expect(await storedHash(pessoa.email)).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('an older hash still signs in, and is replaced by one with the current parameters', async () => {
    const old = olderHash(pessoa.senha);
    await t.app.engine.db.pessoa.update({ where: { email: pessoa.email }, data: { senhaHash: old } });

    const wrong = await fetch(`${t.url}/painel/api/entrar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: pessoa.email, senha: 'não é esta' }),
    });
    expect(wrong.status).toBe(401);
    expect(await storedHash(pessoa.email)).toBe(old);

    await signInPanel(t.url, pessoa);
    const replaced = await storedHash(pessoa.email);
    expect(replaced).not.toBe(old);
    expect(replaced).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword(pessoa.senha, replaced)).toBe(true);
    // And the new hash signs in as well.
    await signInPanel(t.url, pessoa);
    expect(await storedHash(pessoa.email)).toBe(replaced);
  });

  it('stored parameters beyond the bounds never match', async () => {
    expect(await verifyPassword('x', 'scrypt$4294967296$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$$')).toBe(false);
  });
});
