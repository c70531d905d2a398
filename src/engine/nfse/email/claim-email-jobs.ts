import type { NfseEmailJob } from '../../../generated/prisma/client.js';
import type { NfseEmailDeps } from './nfse-email-deps.js';
import { EMAIL_LEASE_MS } from './next-email-attempt-at.js';

interface JobRow {
  id: string;
  account_id: string;
  environment: NfseEmailJob['environment'];
  nfse_id: string;
  motivo: string;
  chave: string;
  destinatarios: string[];
  status: string;
  attempts: number;
  lease: number;
  run_at: Date;
  locked_until: Date | null;
  erro: string | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Claims due e-mails for this process, as the transmission queue claims its jobs: FOR UPDATE SKIP LOCKED lets
 * any number of workers share the table; each claim counts an attempt and moves the lease generation, so only the
 * claimer records the outcome (recordEmailAttempt). A process that dies mid-send stops nothing: the lease runs
 * out and the e-mail is claimed and sent again (at least once).
 */
export async function claimEmailJobs(
  deps: Pick<NfseEmailDeps, 'db' | 'clock'>,
  limit: number,
): Promise<NfseEmailJob[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + EMAIL_LEASE_MS);
  const rows = await deps.db.$queryRaw<JobRow[]>`
    UPDATE nfse_email_jobs j SET locked_until = ${lease}, lease = j.lease + 1, attempts = j.attempts + 1, updated_at = ${now}
    FROM (
      SELECT id FROM nfse_email_jobs
      WHERE status = 'pendente' AND run_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
      ORDER BY run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED) claimed
    WHERE j.id = claimed.id
    RETURNING j.id::text AS id, j.account_id::text AS account_id, j.environment, j.nfse_id::text AS nfse_id, j.motivo,
      j.chave, j.destinatarios, j.status, j.attempts, j.lease, j.run_at, j.locked_until, j.erro, j.sent_at,
      j.created_at, j.updated_at`;
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    environment: r.environment,
    nfseId: r.nfse_id,
    motivo: r.motivo,
    chave: r.chave,
    destinatarios: r.destinatarios,
    status: r.status,
    attempts: r.attempts,
    lease: r.lease,
    runAt: r.run_at,
    lockedUntil: r.locked_until,
    erro: r.erro,
    sentAt: r.sent_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}
