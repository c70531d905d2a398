import { MINUTE } from '../../nucleo/clock.js';

/**
 * A send's lease: longer than the SMTP transport's own limits (composition/create-smtp-mailer.ts), so it runs
 * out only when the process holding it died mid-send, and the job is then claimed and sent again.
 */
export const EMAIL_LEASE_MS = 2 * MINUTE;

/** Waits after failed attempts 1..5; the 6th failure is final (about 5 hours after the first attempt). */
const WAITS = [1, 5, 15, 60, 240].map((m) => m * MINUTE);
export const EMAIL_MAX_ATTEMPTS = WAITS.length + 1;

/** When attempt `attempts` + 1 is due after attempt `attempts` failed at `at`; null when it was the last. */
export function nextEmailAttemptAt(attempts: number, at: Date): Date | null {
  const wait = WAITS[attempts - 1];
  return attempts >= EMAIL_MAX_ATTEMPTS || wait === undefined ? null : new Date(at.getTime() + wait);
}
