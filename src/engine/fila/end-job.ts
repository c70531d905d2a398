import type { Prisma } from '../../generated/prisma/client.js';
import type { LeasedJob } from './release-jobs.js';

/** How a job gave up: kept as dead, for an operator to see and retry. */
export interface DeadJob {
  at: Date;
  reason: string;
}

/**
 * Ends a job its runner holds, in the transaction that writes its outcome, first: deleted, or kept dead. Fenced by
 * the lease generation: false when the job is no longer this runner's (its lease ran out and another claimed it,
 * or it ended meanwhile), and the caller then writes nothing. The row stays locked until the transaction ends, so
 * no claim takes the job while its outcome is being written.
 */
export async function endJob(tx: Prisma.TransactionClient, job: LeasedJob, dead?: DeadJob): Promise<boolean> {
  const where = { id: job.id, lease: job.lease };
  const { count } = dead
    ? await tx.transmissionJob.updateMany({
        where,
        // The claim that found the job spent counted an attempt it did not make.
        data: { deadAt: dead.at, deadReason: dead.reason, lockedUntil: null, attempts: { decrement: 1 } },
      })
    : await tx.transmissionJob.deleteMany({ where });
  return count === 1;
}
