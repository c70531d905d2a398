import type { Lote } from '../../generated/prisma/client.js';
import type { LoteSettlement } from '../engine-deps.js';
import { appendEvents, type NewEvent, type Tx } from '../eventos/append-events.js';
import { loteView, type LoteView } from './present-lote.js';

/**
 * `processando` → `concluido` when no note of the batch is still transmitting and no line waits for its note.
 * Runs inside the transaction that takes batch notes out of `transmitindo` (settleLoteNotes) or that ends note
 * creation (advance-lote.ts); both hold the batch row's lock, so of two concurrent settles exactly one sees the
 * batch done. Returns the batch when this transaction completed it for the first time: its LOTE_EMISSAO_CONCLUIDO
 * (once per batch) is then appended after the notes' own events.
 */
export async function completeIfDone(
  tx: Tx,
  lote: Pick<Lote, 'id' | 'status' | 'pendentes' | 'lockedUntil' | 'concluidoEm'>,
  now: Date,
): Promise<LoteView | null> {
  if (lote.status !== 'processando' || lote.pendentes > 0 || lote.lockedUntil !== null) return null;
  // Lines still waiting for their note (a reprocessing whose creation runs elsewhere) keep the batch open.
  if (await tx.loteItem.count({ where: { loteId: lote.id, status: 'aguardando_emissao' } })) return null;
  const [done] = await tx.lote.updateManyAndReturn({
    where: { id: lote.id, status: 'processando' },
    data: { status: 'concluido', concluidoEm: lote.concluidoEm ?? now, updatedAt: now },
  });
  // A batch reprocessed after it completed completes again without a second event.
  if (!done || lote.concluidoEm) return null;
  return loteView(tx, done);
}

/**
 * `delta` batch notes left `transmitindo` (negative) or went back into it after a confirmation (positive) in this
 * transaction (update-note.ts, authorize-held-notes.ts). A note transmitting again takes a completed batch back to
 * `processando`; it completes again later, without a second event.
 */
export async function settleLoteNotes(tx: Tx, loteId: string, delta: number, now: Date): Promise<LoteView | null> {
  // Raw: it runs once per group of notes settled, and completeIfDone reads only these columns.
  const [lote] = await tx.$queryRaw<Array<Pick<Lote, 'id' | 'status' | 'pendentes' | 'lockedUntil' | 'concluidoEm'>>>`
    UPDATE lotes SET pendentes = pendentes + ${delta}::int, updated_at = ${now}
    WHERE id = ${loteId}::uuid
    RETURNING id::text AS id, status, pendentes, locked_until AS "lockedUntil", concluido_em AS "concluidoEm"`;
  if (lote && delta > 0 && lote.status === 'concluido') {
    await tx.lote.updateMany({ where: { id: loteId, status: 'concluido' }, data: { status: 'processando' } });
  }
  return lote && delta < 0 ? completeIfDone(tx, lote, now) : null;
}

/** LOTE_EMISSAO_CONCLUIDO of a batch that completed, with the batch as GET shows it. */
export function loteConcluido(lote: LoteView): NewEvent {
  return { tipo: 'LOTE_EMISSAO_CONCLUIDO', dados: lote };
}

export async function appendLoteConcluido(
  tx: Tx,
  lote: LoteView & { id: string },
  accountId: string,
  environment: string,
  at: Date,
) {
  await appendEvents(tx, { accountId, environment: environment as 'test', at, events: [loteConcluido(lote)] });
}

/**
 * The batches' side of a note's settlement (EngineDeps.lotes): counts the notes in or out of transmission and,
 * when the batch completes, gives its event (once per batch) for the caller to append after the notes' own.
 */
export const loteSettlement: LoteSettlement = {
  async notesMoved(tx, lote, delta, now) {
    if (delta === 0) return [];
    const concluded = await settleLoteNotes(tx, lote.loteId, delta, now);
    return concluded ? [loteConcluido(concluded)] : [];
  },
};
