import type { EngineDeps } from '../engine-deps.js';

/** Jobs one answer of an authority brings forward at most: the rest follow with its next answers. */
export const RESUME_LIMIT = 200;

/** How often one process looks for the jobs an authority's answer brings forward (clock ms). */
const RESUME_EVERY_MS = 1_000;

/** When each process last brought jobs forward, per authority key: one look per second, not one per answer. */
const lastResume = new WeakMap<object, Map<string, number>>();

/**
 * An authority answered (any answer: authorised, rejected, found or not): the jobs that its unavailability pushed
 * back (payload `waitingFor` = `key`, written by the reschedule that met it) are due now instead of after their
 * backoff. Only while the authority is down do they keep backing off: nothing else answers. A job is brought
 * forward once per streak of unanswered attempts (`broughtForward`): if the authority fails it again, it keeps its
 * backoff, so an authority that answers some calls and not others is not hammered. Jobs leased to a runner or dead
 * are left alone, and at most RESUME_LIMIT per statement (the claims take 32 a round anyway).
 * Throttled per process and key by the injectable clock, so a round of answers costs one statement, not one each.
 * Returns the jobs brought forward.
 */
export async function resumeWaitingJobs(deps: Pick<EngineDeps, 'db' | 'clock'>, key: string): Promise<number> {
  const now = deps.clock.now();
  let seen = lastResume.get(deps.db);
  if (!seen) lastResume.set(deps.db, (seen = new Map()));
  const last = seen.get(key);
  if (last !== undefined && now.getTime() - last < RESUME_EVERY_MS && now.getTime() >= last) return 0;
  seen.set(key, now.getTime());
  return deps.db.$executeRaw`
    UPDATE transmission_jobs SET run_at = ${now},
      payload = (payload - 'waitingFor') || '{"broughtForward": true}'::jsonb
    WHERE id IN (
      SELECT id FROM transmission_jobs
      WHERE payload->>'waitingFor' = ${key} AND run_at > ${now} AND dead_at IS NULL
        AND (locked_until IS NULL OR locked_until < ${now})
      LIMIT ${RESUME_LIMIT}
      FOR UPDATE SKIP LOCKED)`;
}
