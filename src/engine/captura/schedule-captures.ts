import type { CaptureState } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { HOUR, MINUTE } from '../nucleo/clock.js';
import type { Environment } from '../nucleo/environment.js';
import { SISTEMAS_PROPRIOS } from '../nfse/provedores/sistemas-proprios.js';

/** A run holds its company for at most this long; if the worker dies, another one takes it over after it. */
export const CAPTURE_LEASE_MS = 10 * MINUTE;

/** Default schedule per company: hourly, configurable with CAPTURE_INTERVAL_MINUTES. */
export const DEFAULT_CAPTURE_INTERVAL_MS = HOUR;

/**
 * After NENHUM_DOCUMENTO_LOCALIZADO the ADN asks for at least one hour before the next call (MA "Distribuição"),
 * whatever the configured interval.
 */
export const nextAfterNothing = (now: Date, intervalMs: number) => new Date(now.getTime() + Math.max(intervalMs, HOUR));

/** Rejections double from one hour up to a day: a refused company must not hammer the ADN. */
export const nextAfterRejection = (now: Date, falhas: number) =>
  new Date(now.getTime() + Math.min(HOUR * 2 ** Math.max(falhas - 1, 0), 24 * HOUR));

/** Outages and network failures retry sooner: 5 min doubling up to the hourly schedule. */
export const nextAfterOutage = (now: Date, falhas: number) =>
  new Date(now.getTime() + Math.min(5 * MINUTE * 2 ** Math.max(falhas - 1, 0), HOUR));

/**
 * Every production company with a valid certificate gets its capture rows (ADN for NFS-e, SEFAZ_NFE for NF-e,
 * SEFAZ_CTE for CT-e, and its city's own system where it has one) (due now); the rows of the others
 * stay but are skipped at run time. Idempotent and cheap: one INSERT … SELECT … ON CONFLICT DO NOTHING.
 */
export async function scheduleCaptures(deps: Pick<EngineDeps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock.now();
  await deps.db.$executeRaw`
    INSERT INTO capture_states (company_id, fonte, account_id, environment, ultimo_nsu, next_run_at, falhas, updated_at)
    SELECT c.id, f.fonte, c.account_id, 'live', 0, ${now}, 0, ${now}
    FROM companies c JOIN certificates k ON k.company_id = c.id CROSS JOIN (VALUES ('ADN'), ('SEFAZ_NFE'), ('SEFAZ_CTE')) AS f(fonte)
    WHERE c.deleted_at IS NULL AND k.not_after > ${now}
    ON CONFLICT (company_id, fonte) DO NOTHING`;
  // And from its city's own system, for the companies established where one offers the query of received notes.
  for (const { captura } of SISTEMAS_PROPRIOS) {
    if (!captura) continue;
    await deps.db.$executeRaw`
      INSERT INTO capture_states (company_id, fonte, account_id, environment, ultimo_nsu, next_run_at, falhas, updated_at)
      SELECT c.id, ${captura.fonte}, c.account_id, 'live', 0, ${now}, 0, ${now}
      FROM companies c JOIN certificates k ON k.company_id = c.id
      WHERE c.deleted_at IS NULL AND k.not_after > ${now} AND c.municipio = ANY(${captura.municipios}::text[])
      ON CONFLICT (company_id, fonte) DO NOTHING`;
  }
}

interface Row {
  company_id: string;
  fonte: string;
  account_id: string;
  environment: Environment;
  ultimo_nsu: bigint;
  max_nsu: bigint | null;
  next_run_at: Date;
  locked_until: Date | null;
  falhas: number;
  ultimo_status: string | null;
  ultimo_erro: unknown;
  updated_at: Date;
}

/** Claims due capture rows for this worker (FOR UPDATE SKIP LOCKED + lease, as the transmission queue does). */
export async function claimCaptures(deps: Pick<EngineDeps, 'db' | 'clock'>, limit: number): Promise<CaptureState[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + CAPTURE_LEASE_MS);
  const rows = await deps.db.$queryRaw<Row[]>`
    UPDATE capture_states SET locked_until = ${lease}
    WHERE (company_id, fonte) IN (
      SELECT company_id, fonte FROM capture_states
      WHERE next_run_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
      ORDER BY next_run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`;
  return rows.map((r) => ({
    companyId: r.company_id,
    fonte: r.fonte,
    accountId: r.account_id,
    environment: r.environment,
    ultimoNsu: r.ultimo_nsu,
    maxNsu: r.max_nsu,
    nextRunAt: r.next_run_at,
    lockedUntil: r.locked_until,
    falhas: r.falhas,
    ultimoStatus: r.ultimo_status,
    ultimoErro: r.ultimo_erro as CaptureState['ultimoErro'],
    updatedAt: r.updated_at,
  }));
}
