import type { Db } from '../../db/database.js';
import { LOTE_RECEBENDO } from './lote-recebendo.js';

/**
 * Deletes a batch still being received (`recebendo`) with the lines stored so far: the request that was writing
 * it was refused, or its process died (then only once its lease expired before `expiredBefore`). Returns whether
 * it was there to discard. The batch row is locked first, so a line statement still running for it waits, then
 * finds no batch to write to.
 */
export async function discardLote(db: Db, loteId: string, expiredBefore: Date | null = null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const [held] = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM lotes
      WHERE id = ${loteId}::uuid AND status = ${LOTE_RECEBENDO}
        AND (${expiredBefore}::timestamptz IS NULL OR locked_until < ${expiredBefore}::timestamptz)
      FOR UPDATE`;
    if (!held) return false;
    await tx.loteItem.deleteMany({ where: { loteId } });
    await tx.lote.delete({ where: { id: loteId } });
    return true;
  });
}
