import type { EngineDeps } from '../engine-deps.js';

export interface LeasedJob {
  id: string;
  /** The lease generation this process holds (claim-jobs.ts): a job re-leased by someone else since is not touched. */
  lease: number;
}

/**
 * Gives back jobs this process claimed and will not finish (it is stopping): their lease ends now, so another
 * worker claims them at once instead of after the lease. The claim already stored `mayHaveSent`, so whoever takes
 * a job over queries the DPS before any resend. A job that settled meanwhile is deleted or rescheduled with its
 * lease cleared, so the condition on the lease leaves it alone. Returns how many were released.
 */
export async function releaseJobs(deps: Pick<EngineDeps, 'db'>, jobs: LeasedJob[]): Promise<number> {
  let released = 0;
  for (const job of jobs) {
    const { count } = await deps.db.transmissionJob.updateMany({
      where: { id: job.id, lease: job.lease, lockedUntil: { not: null } },
      data: { lockedUntil: null },
    });
    released += count;
  }
  return released;
}
