import type { Lote } from '../../generated/prisma/client.js';
import { appendEvent, type Tx } from '../eventos/append-event.js';
import { loteView, type LoteView } from './present-lote.js';

/**
 * Spec 3.2 `processando` → `concluido` when no note of the batch is still transmitting and no line waits for
 * its note. Runs inside the transaction that takes a batch note out of `transmitindo` (settleLoteNote) or that
 * ends note creation (advance-lote.ts); both hold the batch row's lock, so of two concurrent settles exactly
 * one sees the batch done. Returns the batch when this transaction completed it for the first time: its
 * LOTE_EMISSAO_CONCLUIDO (once per batch, spec 6.2) is then written by the caller, after the note's own event.
 */
export async function completeIfDone(tx: Tx, lote: Lote, now: Date): Promise<LoteView | null> {
  if (lote.status !== 'processando' || lote.pendentes > 0 || lote.lockedUntil !== null) return null;
  const [done] = await tx.lote.updateManyAndReturn({
    where: { id: lote.id, status: 'processando' },
    data: { status: 'concluido', concluidoEm: lote.concluidoEm ?? now, updatedAt: now },
  });
  // A batch reprocessed after it completed completes again without a second event.
  if (!done || lote.concluidoEm) return null;
  return loteView(tx, done);
}

/** A batch note left `transmitindo` in this transaction (update-note.ts). */
export async function settleLoteNote(tx: Tx, loteId: string, now: Date): Promise<LoteView | null> {
  const [lote] = await tx.lote.updateManyAndReturn({ where: { id: loteId }, data: { pendentes: { decrement: 1 }, updatedAt: now } });
  return lote ? completeIfDone(tx, lote, now) : null;
}

export async function appendLoteConcluido(tx: Tx, lote: LoteView & { id: string }, accountId: string, environment: string, at: Date) {
  await appendEvent(tx, { accountId, environment: environment as 'test', tipo: 'LOTE_EMISSAO_CONCLUIDO', dados: lote, at });
}
