import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a request may read /metrics: with a token configured, only `Authorization: Bearer <token>`. Compared as
 * digests, in constant time, so neither the length nor a prefix of the token leaks through response times.
 */
export function metricsAuthorized(authorization: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}
