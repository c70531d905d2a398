import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's minimum, N = 2^17, r = 8, p = 1: each guess costs 128 MiB of memory and a few hundred
 * milliseconds, which is what makes a stolen table expensive to attack. The parameters travel in the stored text, so
 * older hashes still verify, and a sign-in replaces one made with other parameters (`passwordNeedsRehash`).
 */
export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
/** Stored parameters beyond these are refused rather than computed (memory is 128 × N × r bytes). */
const LARGEST = { N: 2 ** 20, r: 32, p: 16 } as const;
/**
 * At most this many derivations at once: scrypt's memory is outside the JavaScript heap (--max-old-space-size does
 * not bound it) and it runs on libuv's pool of four threads, which file and DNS work share. Two at a time hold at
 * most 256 MiB; more sign-ins wait their turn.
 */
const CONCURRENT = 2;

type Params = { N: number; r: number; p: number };

let running = 0;
const waiting: Array<() => void> = [];

async function derive(senha: string, salt: Buffer, params: Params): Promise<Buffer> {
  // Node refuses a derivation needing more than maxmem: 128 × N × r × p, plus room for its own bookkeeping.
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * params.p + 32 * 1024 * 1024 };
  await acquireSlot();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(senha.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
    });
  } finally {
    releaseSlot();
  }
}

async function acquireSlot(): Promise<void> {
  if (running < CONCURRENT) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** A waiting derivation takes the slot over, so a newcomer never slips in between. */
function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>`, with 16 random bytes of salt. */
export async function hashPassword(senha: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PASSWORD_PARAMS;
  const key = await derive(senha, salt, PASSWORD_PARAMS);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

function storedParams(stored: string): (Params & { salt: string; hash: string }) | null {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid = (['N', 'r', 'p'] as const).every(
    (k) => Number.isInteger(params[k]) && params[k] >= 1 && params[k] <= LARGEST[k],
  );
  return valid ? { ...params, salt, hash } : null;
}

/** Constant-time comparison; a malformed stored text, or one with parameters out of bounds, never matches. */
export async function verifyPassword(senha: string, stored: string): Promise<boolean> {
  const parsed = storedParams(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64');
  const key = await derive(senha, Buffer.from(parsed.salt, 'base64'), parsed);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with other parameters than today's, so the next sign-in should replace it. */
export function passwordNeedsRehash(stored: string): boolean {
  const parsed = storedParams(stored);
  return !parsed || parsed.N !== PASSWORD_PARAMS.N || parsed.r !== PASSWORD_PARAMS.r || parsed.p !== PASSWORD_PARAMS.p;
}
