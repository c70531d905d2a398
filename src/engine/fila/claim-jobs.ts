import type { TransmissionJob } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';

export const JOB_LEASE_MS = 120_000;

interface JobRow {
  id: string;
  nfse_id: string | null;
  nfe_id: string | null;
  kind: string;
  priority: number;
  run_at: Date;
  attempts: number;
  locked_until: Date | null;
  claimed_payload: unknown;
  created_at: Date;
  traceparent: string | null;
}

/**
 * Claims due jobs for this process. FOR UPDATE SKIP LOCKED lets any number of workers share the queue without
 * taking the same job; the lease expires if the process dies, and the next claim finds the job again.
 * Single notes (priority 0) go ahead of batch items (priority 1).
 *
 * A job is marked `mayHaveSent` by the claim itself, before anything is sent (a DPS that may have reached
 * the national system is queried before any resend), which spares a statement per note. The jobs
 * come back with the payload they had before the claim: what the previous attempts knew.
 */
export async function claimJobs(deps: Pick<EngineDeps, 'db' | 'clock'>, limit: number): Promise<TransmissionJob[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + JOB_LEASE_MS);
  const rows = await deps.db.$queryRaw<JobRow[]>`
    UPDATE transmission_jobs j SET locked_until = ${lease},
      payload = j.payload || '{"mayHaveSent": true}'::jsonb
    FROM (
      SELECT id, payload FROM transmission_jobs
      WHERE run_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
      ORDER BY priority, run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED) claimed
    WHERE j.id = claimed.id
    RETURNING j.id, j.nfse_id, j.nfe_id, j.kind, j.priority, j.run_at, j.attempts, j.locked_until, claimed.payload AS claimed_payload, j.created_at,
      j.traceparent`;
  return rows.map((r) => ({
    id: r.id,
    nfseId: r.nfse_id,
    nfeId: r.nfe_id,
    kind: r.kind,
    priority: r.priority,
    runAt: r.run_at,
    attempts: r.attempts,
    lockedUntil: r.locked_until,
    payload: r.claimed_payload as TransmissionJob['payload'],
    createdAt: r.created_at,
    traceparent: r.traceparent,
  }));
}
