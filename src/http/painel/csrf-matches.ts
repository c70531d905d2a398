import { timingSafeEqual } from 'node:crypto';

/** The X-CSRF-Token (or websocket `csrf` parameter) equals the session's token; compared in constant time. */
export function csrfMatches(sent: unknown, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
