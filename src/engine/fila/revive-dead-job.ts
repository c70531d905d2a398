import type { Prisma } from '../../generated/prisma/client.js';

export interface RevivedJob {
  id: string;
  nfseId: string | null;
  nfeId: string | null;
}

/**
 * An operator's retry of a dead job, in the transaction that also puts its note back: due now, with a fresh count
 * of attempts and a fresh recovery limit (counted from `created_at`), its backoff restarted. What the job knew
 * (`mayHaveSent`) is kept, so a DPS that may have arrived is queried before any resend. Null when the job is not
 * dead (retried already, or no such job).
 */
export async function reviveDeadJob(
  tx: Prisma.TransactionClient,
  jobId: string,
  now: Date,
): Promise<RevivedJob | null> {
  const [job] = await tx.$queryRaw<RevivedJob[]>`
    UPDATE transmission_jobs SET dead_at = NULL, dead_reason = NULL, attempts = 0, run_at = ${now},
      locked_until = NULL, created_at = ${now}, payload = payload - 'failures'
    WHERE id = ${jobId}::uuid AND dead_at IS NOT NULL
    RETURNING id::text AS id, nfse_id::text AS "nfseId", nfe_id::text AS "nfeId"`;
  return job ?? null;
}
