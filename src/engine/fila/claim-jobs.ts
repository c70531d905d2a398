import type { TransmissionJob } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { jobSettings } from './job-settings.js';

interface JobRow {
  id: string;
  nfse_id: string | null;
  nfe_id: string | null;
  kind: string;
  priority: number;
  run_at: Date;
  attempts: number;
  locked_until: Date | null;
  lease: number;
  claimed_payload: unknown;
  created_at: Date;
  traceparent: string | null;
}

/**
 * Claims due jobs for this process. FOR UPDATE SKIP LOCKED lets any number of workers share the queue without
 * taking the same job; the lease is short and renewed while the job runs (JobLeases), so a job whose process died
 * is claimed again within a lease. Single notes (priority 0) go ahead of batch items (priority 1); dead jobs wait
 * for an operator.
 *
 * Each claim starts an attempt (`attempts`) and a new generation of the lease (`lease`): the runner writes the
 * job's outcome only while the job still carries its generation, so a runner whose lease ran out and was taken
 * over writes nothing (fenced). A job is marked `mayHaveSent` by the claim itself, before anything is sent (a DPS
 * that may have reached the national system is queried before any resend), which spares a statement per note. The
 * jobs come back with the payload they had before the claim: what the previous attempts knew.
 */
export async function claimJobs(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'jobs'>,
  limit: number,
): Promise<TransmissionJob[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + jobSettings(deps).leaseMs);
  const rows = await deps.db.$queryRaw<JobRow[]>`
    UPDATE transmission_jobs j SET locked_until = ${lease}, lease = j.lease + 1, attempts = j.attempts + 1,
      payload = j.payload || '{"mayHaveSent": true}'::jsonb
    FROM (
      SELECT id, payload FROM transmission_jobs
      WHERE run_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now}) AND dead_at IS NULL
      ORDER BY priority, run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED) claimed
    WHERE j.id = claimed.id
    RETURNING j.id, j.nfse_id, j.nfe_id, j.kind, j.priority, j.run_at, j.attempts, j.locked_until, j.lease,
      claimed.payload AS claimed_payload, j.created_at,
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
    lease: r.lease,
    payload: r.claimed_payload as TransmissionJob['payload'],
    createdAt: r.created_at,
    traceparent: r.traceparent,
    deadAt: null,
    deadReason: null,
  }));
}
