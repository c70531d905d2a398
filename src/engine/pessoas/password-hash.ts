import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with N = 2^15, r = 8: each guess costs 32 MB of memory and tens of milliseconds, which is what makes a
 * stolen table expensive to attack; the parameters travel in the stored text, so they can be raised later
 * without invalidating older hashes.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(senha: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(senha.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>`, with 16 random bytes of salt. */
export async function hashPassword(senha: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(senha, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time comparison; a malformed stored text never matches. */
export async function verifyPassword(senha: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isInteger)) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(senha, Buffer.from(salt, 'base64'), params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
