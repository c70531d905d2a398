import type { Prisma } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { backoff } from './backoff.js';
import { jobSettings } from './job-settings.js';
import type { LeasedJob } from './release-jobs.js';

type Db = Pick<EngineDeps['db'], 'transmissionJob'> | Prisma.TransactionClient;

/**
 * Gives a job its runner holds back to the queue, due after the backoff of `failures` failed attempts (with
 * jitter), its lease cleared. Fenced like endJob: false when the job is no longer this runner's.
 */
export async function rescheduleJob(
  deps: Pick<EngineDeps, 'clock' | 'jobs'>,
  db: Db,
  job: LeasedJob,
  change: { failures: number; kind?: string; payload?: Prisma.InputJsonValue; waitMs?: number },
): Promise<Date | null> {
  const waitMs = change.waitMs ?? backoff(change.failures, jobSettings(deps).random);
  const runAt = new Date(deps.clock.now().getTime() + waitMs);
  const { count } = await db.transmissionJob.updateMany({
    where: { id: job.id, lease: job.lease },
    data: { runAt, lockedUntil: null, kind: change.kind, payload: change.payload },
  });
  return count === 1 ? runAt : null;
}
