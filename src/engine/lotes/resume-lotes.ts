import type { TransmissionDeps } from '../transmission-deps.js';
import { advanceLote } from './advance-lote.js';
import { leaseFrom } from './lease-from.js';

/**
 * Worker step: takes over one batch whose lease expired (its process died while validating or creating notes)
 * and continues it under the lease's next generation. SKIP LOCKED keeps two workers off the same batch.
 */
export async function resumeLotes(deps: TransmissionDeps): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db.$queryRaw<Array<{ id: string; lease: number }>>`
    UPDATE lotes SET locked_until = ${leaseFrom(deps)}, lease = lease + 1
    WHERE id IN (
      SELECT id FROM lotes
      WHERE status IN ('validando', 'processando') AND locked_until < ${now}
      ORDER BY created_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id, lease`;
  for (const row of rows) await advanceLote(deps, row.id, row.lease);
  return rows.length;
}
