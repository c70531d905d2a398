import type { EngineDeps } from '../engine-deps.js';
import { discardLote } from './discard-lote.js';
import { LOTE_RECEBENDO } from './lote-recebendo.js';

/**
 * Sweep step: discards the batches whose process died while writing their lines (still `recebendo` once their
 * lease expired). Their request never answered, so no client holds their id; a retry stores a new batch.
 */
export async function discardAbandonedLotes(deps: Pick<EngineDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const abandoned = await deps.db.lote.findMany({
    where: { status: LOTE_RECEBENDO, lockedUntil: { lt: now } },
    select: { id: true },
  });
  let discarded = 0;
  for (const { id } of abandoned) if (await discardLote(deps.db, id, now)) discarded++;
  return discarded;
}
