import { setTimeout as sleep } from 'node:timers/promises';

// The server ended the session (restart, failover, pg_terminate_backend), refuses or cannot be reached: SQLSTATE
// class 08 (connection exception) and 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now); Prisma's
// P1001 (cannot reach), P1002 (timed out) and P1017 (the server closed the connection).
const LOST_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|P1001|P1002|P1017)$/;
const LOST_ERRNO = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);
const LOST_MESSAGE = /Connection terminated|connection timeout|Client has encountered a connection error/i;

/**
 * Whether `err` says the database connection was lost (not that the statement was wrong): pg's own errors, and
 * Prisma's, which carry the driver's under `meta.driverAdapterError.cause` (or `cause`).
 */
export function isConnectionLost(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as {
    code?: unknown;
    originalCode?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: { cause?: unknown } };
  };
  for (const code of [e.code, e.originalCode]) {
    if (typeof code === 'string' && (LOST_SQLSTATE.test(code) || LOST_ERRNO.has(code))) return true;
  }
  if (typeof e.message === 'string' && LOST_MESSAGE.test(e.message)) return true;
  return isConnectionLost(e.meta?.driverAdapterError?.cause, depth + 1) || isConnectionLost(e.cause, depth + 1);
}

/**
 * Runs `write` again while the database connection is lost: the pool opens a new connection for each try, so a
 * write that follows a committed change (its bookkeeping) survives a restart or failover of several seconds
 * (about ten: waits growing by `delayMs` up to a second) instead of leaving the change half-recorded — an
 * idempotency record left running makes every repetition wait for minutes. Other errors, and the last try's, are
 * thrown.
 */
export async function retryOnConnectionLost<T>(
  write: () => Promise<T>,
  { attempts = 12, delayMs = 250 }: { attempts?: number; delayMs?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= attempts || !isConnectionLost(err)) throw err;
      await sleep(Math.min(delayMs * attempt, 4 * delayMs));
    }
  }
}
