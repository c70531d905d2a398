import type { EngineDeps } from '../engine-deps.js';
import type { Environment } from '../nucleo/environment.js';

/** A dead job as operators see it (CLI, panel): the document it transmits and why it gave up. */
export interface DeadJobView {
  id: string;
  documento: 'nfse' | 'nfe';
  documento_id: string;
  tentativas: number;
  desistiu_em: string;
  motivo: string;
}

export interface DeadJobFilter {
  /** One account's and environment's documents (the panel); every account's when absent (the CLI). */
  accountId?: string;
  environment?: Environment;
  /** One job. */
  id?: string;
  limit?: number;
}

interface DeadRow {
  id: string;
  nfse_id: string | null;
  nfe_id: string | null;
  attempts: number;
  dead_at: Date;
  dead_reason: string | null;
}

/**
 * The jobs that gave up (attempts spent, recovery limit passed), latest first, for an operator to retry. A job's
 * account is its document's.
 */
export async function listDeadJobs(deps: Pick<EngineDeps, 'db'>, filter: DeadJobFilter = {}): Promise<DeadJobView[]> {
  const rows = await deps.db.$queryRaw<DeadRow[]>`
    SELECT j.id::text AS id, j.nfse_id::text AS nfse_id, j.nfe_id::text AS nfe_id, j.attempts, j.dead_at, j.dead_reason
    FROM transmission_jobs j
    LEFT JOIN nfse n ON n.id = j.nfse_id
    LEFT JOIN nfe e ON e.id = j.nfe_id
    WHERE j.dead_at IS NOT NULL
      AND (${filter.id ?? null}::uuid IS NULL OR j.id = ${filter.id ?? null}::uuid)
      AND (${filter.accountId ?? null}::uuid IS NULL OR coalesce(n.account_id, e.account_id) = ${filter.accountId ?? null}::uuid)
      AND (${filter.environment ?? null}::"Environment" IS NULL
        OR coalesce(n.environment, e.environment) = ${filter.environment ?? null}::"Environment")
    ORDER BY j.dead_at DESC, j.id
    LIMIT ${filter.limit ?? 100}`;
  return rows.map((r) => ({
    id: r.id,
    documento: r.nfe_id ? 'nfe' : 'nfse',
    documento_id: (r.nfe_id ?? r.nfse_id)!,
    tentativas: r.attempts,
    desistiu_em: r.dead_at.toISOString(),
    motivo: r.dead_reason ?? '',
  }));
}
