/**
 * Wait before retry number `tentativa` (1 for the first retry): exponential from `baseMs`, capped at `maxMs`,
 * half of it random so that many clients failing together do not come back together.
 */
export function backoffDelay(
  tentativa: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** (tentativa - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The wait a 429 asks for: `Retry-After` (seconds or an HTTP date) when the answer has one; otherwise the API's
 * window is the clock minute (120 requests per key in each), so the rest of the current minute by the server's
 * `Date`, or by ours without it.
 */
export function rateLimitDelay(retryAfter: string | null, serverDate: string | null, now: number): number {
  const asked = retryAfterDelay(retryAfter, serverDate, now);
  if (asked !== null) return asked;
  const reference = serverDate ? Date.parse(serverDate) || now : now;
  return 60_000 - (reference % 60_000) + 250;
}

/** The wait a `Retry-After` header asks for (seconds or an HTTP date), or null when there is none readable. */
export function retryAfterDelay(retryAfter: string | null, serverDate: string | null, now: number): number | null {
  if (!retryAfter) return null;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(retryAfter);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - (serverDate ? Date.parse(serverDate) || now : now));
}
