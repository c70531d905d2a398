import type { EngineDeps } from '../engine-deps.js';

/**
 * A clock-driven job shared by every process (one `scheduled_jobs` row per job). Each statement is a single
 * conditional UPDATE, so one process wins a run whatever the number of processes, on PostgreSQL, on PGlite and
 * behind a transaction-mode pooler (no session state, no advisory lock).
 */
export interface ScheduledRun {
  name: string;
  /** Time between the starts of two runs, by the injectable clock. */
  everyMs: number;
  /** Who holds the run: one id per process. */
  owner: string;
  /** How long the run is held without a renewal; past it, the run counts as dead and another process takes it. */
  leaseMs: number;
  /** When the job's row does not exist yet: its first run waits this long after the first process to start. */
  firstAfterMs?: number;
}

/**
 * Takes the job's run if it is due (or its holder's lease ran out) and nobody holds it. The next run is set from
 * now, not from the missed due time: a job whose processes were down for ten periods runs once when one starts.
 */
export async function claimScheduledRun(deps: Pick<EngineDeps, 'db' | 'clock'>, run: ScheduledRun): Promise<boolean> {
  const now = deps.clock.now();
  const first = new Date(now.getTime() + (run.firstAfterMs ?? 0));
  await deps.db.scheduledJob.createMany({ data: [{ name: run.name, nextRunAt: first }], skipDuplicates: true });
  const { count } = await deps.db.scheduledJob.updateMany({
    where: { name: run.name, OR: [{ leaseUntil: null, nextRunAt: { lte: now } }, { leaseUntil: { lte: now } }] },
    data: {
      nextRunAt: new Date(now.getTime() + run.everyMs),
      owner: run.owner,
      leaseUntil: new Date(now.getTime() + run.leaseMs),
    },
  });
  return count === 1;
}

/** Extends the lease of a run this owner holds; false when it lost it (its lease ran out and another took it). */
export async function renewScheduledRun(deps: Pick<EngineDeps, 'db' | 'clock'>, run: ScheduledRun): Promise<boolean> {
  const { count } = await deps.db.scheduledJob.updateMany({
    where: { name: run.name, owner: run.owner },
    data: { leaseUntil: new Date(deps.clock.now().getTime() + run.leaseMs) },
  });
  return count === 1;
}

/** Ends a run this owner holds: the job waits for its next due time. */
export async function finishScheduledRun(deps: Pick<EngineDeps, 'db'>, run: ScheduledRun): Promise<void> {
  await deps.db.scheduledJob.updateMany({
    where: { name: run.name, owner: run.owner },
    data: { owner: null, leaseUntil: null },
  });
}

/**
 * Runs `job` when its run is due and nobody holds it, in this call (tests and the IfDue helpers of the 6-hourly
 * checks); null when it was not taken. The scheduler (src/worker/start-scheduler.ts) does the same and renews the
 * lease while the job runs.
 */
export async function runScheduledIfDue<T>(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  run: ScheduledRun,
  job: () => Promise<T>,
): Promise<T | null> {
  if (!(await claimScheduledRun(deps, run))) return null;
  try {
    return await job();
  } finally {
    await finishScheduledRun(deps, run);
  }
}
