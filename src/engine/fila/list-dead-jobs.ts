import type { EngineDeps } from '../engine-deps.js';
import type { Environment } from '../nucleo/environment.js';
import type { Keyset } from '../nucleo/keyset.js';

/** A dead job as operators see it (CLI, panel): the document it transmits and why it gave up. */
export interface DeadJobView {
  id: string;
  documento: 'nfse' | 'nfe';
  documento_id: string;
  /** The document's `referencia` (the caller's own id for it), when it has one. */
  referencia: string | null;
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
  /** The jobs after this one in the list's order (a page's last: `createdAt` is its `desistiu_em`). */
  after?: Keyset | null;
}

interface DeadRow {
  id: string;
  nfse_id: string | null;
  nfe_id: string | null;
  attempts: number;
  dead_at: Date;
  dead_reason: string | null;
  referencia: string | null;
}

/**
 * The jobs that gave up (attempts spent, recovery limit passed), latest first, for an operator to retry. A job's
 * account is its document's.
 */
export async function listDeadJobs(deps: Pick<EngineDeps, 'db'>, filter: DeadJobFilter = {}): Promise<DeadJobView[]> {
  const afterAt = filter.after?.createdAt ?? null;
  const afterId = filter.after?.id ?? null;
  const rows = await deps.db.$queryRaw<DeadRow[]>`
    SELECT j.id::text AS id, j.nfse_id::text AS nfse_id, j.nfe_id::text AS nfe_id, j.attempts, j.dead_at, j.dead_reason,
      coalesce(n.referencia, e.referencia) AS referencia
    FROM transmission_jobs j
    LEFT JOIN nfse n ON n.id = j.nfse_id
    LEFT JOIN nfe e ON e.id = j.nfe_id
    WHERE j.dead_at IS NOT NULL
      AND (${filter.id ?? null}::uuid IS NULL OR j.id = ${filter.id ?? null}::uuid)
      AND (${filter.accountId ?? null}::uuid IS NULL OR coalesce(n.account_id, e.account_id) = ${filter.accountId ?? null}::uuid)
      AND (${filter.environment ?? null}::"Environment" IS NULL
        OR coalesce(n.environment, e.environment) = ${filter.environment ?? null}::"Environment")
      AND (${afterAt}::timestamptz IS NULL OR (j.dead_at, j.id) < (${afterAt}::timestamptz, ${afterId}::uuid))
    ORDER BY j.dead_at DESC, j.id DESC
    LIMIT ${filter.limit ?? 100}`;
  return rows.map((r) => ({
    id: r.id,
    documento: r.nfe_id ? 'nfe' : 'nfse',
    documento_id: (r.nfe_id ?? r.nfse_id)!,
    referencia: r.referencia,
    tentativas: r.attempts,
    desistiu_em: r.dead_at.toISOString(),
    motivo: r.dead_reason ?? '',
  }));
}

/** How many jobs of the account's environment are dead (a panel list's `totalCount`). */
export async function countDeadJobs(
  deps: Pick<EngineDeps, 'db'>,
  filter: { accountId: string; environment: Environment },
): Promise<number> {
  const [row] = await deps.db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count
    FROM transmission_jobs j
    LEFT JOIN nfse n ON n.id = j.nfse_id
    LEFT JOIN nfe e ON e.id = j.nfe_id
    WHERE j.dead_at IS NOT NULL
      AND coalesce(n.account_id, e.account_id) = ${filter.accountId}::uuid
      AND coalesce(n.environment, e.environment) = ${filter.environment}::"Environment"`;
  return row?.count ?? 0;
}
