import type { NfseTimelineEntry, TransmissionJob } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../deps.js';
import { appendEvents } from '../eventos/append-event.js';
import { newId } from '../kernel/ids.js';
import { appendLoteConcluido, completeIfDone } from '../lotes/complete-lote.js';
import { presentNfse, type NfseWithTimeline } from '../nfse/present-nfse.js';

export interface AuthorizedNfse {
  chave: string;
  numero: string;
  xml: string;
}

/**
 * Authorises a note whose stored row the caller holds, and ends its job, in four statements (BEGIN, one for the
 * note, its timeline, its job and its batch's count, the event, COMMIT) where the general path (updateNote, then
 * finishJob) takes eight: per-statement driver and Prisma work is the largest cost of an issued note
 * (bench/nfse-issue, bench/batch). The row update, the timeline steps, the job's deletion and the batch's
 * `pendentes` are one statement guarded by the note's `updated_at`: every change to a note moves it (updateNote),
 * so when the guard holds the note as held plus this change is exactly the stored row, and its event (`dados`)
 * is built without reading it back. A batch note that was the batch's last in transmission completes the batch
 * in the same transaction, as settleLoteNote does (the batch row stays locked from the count until COMMIT).
 *
 * Returns undefined, having written nothing, when the guard fails (the note changed since it was read) or for a
 * substitution (it cancels its original): the caller then takes the general path.
 */
export async function authorizeHeldNote(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  job: TransmissionJob,
  note: NfseWithTimeline,
  nfse: AuthorizedNfse,
  steps: Array<{ tipo: string; detalhe?: Record<string, unknown> }>,
): Promise<NfseWithTimeline | undefined> {
  if (note.status !== 'transmitindo' || note.substituiId) return undefined;
  const now = deps.clock.now();
  // As updateNote writes them: one millisecond apart, in order.
  const entries = [...steps, { tipo: 'autorizada', detalhe: { numero: nfse.numero } }].map((step, i): NfseTimelineEntry => ({
    id: newId(),
    nfseId: note.id,
    tipo: step.tipo,
    at: new Date(now.getTime() + i),
    detalhe: (step.detalhe ?? null) as NfseTimelineEntry['detalhe'],
  }));
  const authorized: NfseWithTimeline = {
    ...note,
    status: 'autorizada',
    chaveAcesso: nfse.chave,
    numero: nfse.numero,
    nfseXml: nfse.xml,
    authorizedAt: now,
    // The 30-minute warning describes a note still in transmission; it is cleared once the note is authorised.
    aviso: null,
    updatedAt: now,
    timeline: [...note.timeline, ...entries],
  };
  return deps.db.$transaction(async (tx) => {
    const updated = await tx.$queryRaw<Array<{ lote_status: string | null; pendentes: number | null; locked_until: Date | null; concluido_em: Date | null }>>`
      WITH updated AS (
        UPDATE nfse SET status = 'autorizada', chave_acesso = ${nfse.chave}, numero = ${nfse.numero}, nfse_xml = ${nfse.xml},
          authorized_at = ${now}, aviso = NULL, updated_at = ${now}
        WHERE id = ${note.id}::uuid AND status = 'transmitindo' AND updated_at = ${note.updatedAt}
        RETURNING id),
      steps AS (
        INSERT INTO nfse_timeline (id, nfse_id, tipo, at, detalhe)
        SELECT s.id, updated.id, s.tipo, s.at, NULLIF(s.detalhe, 'null'::jsonb)
        FROM updated CROSS JOIN jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS s(id uuid, tipo text, at timestamptz, detalhe jsonb)),
      finished AS (
        DELETE FROM transmission_jobs WHERE id = ${job.id}::uuid AND EXISTS (SELECT 1 FROM updated)),
      lote AS (
        UPDATE lotes SET pendentes = pendentes - 1, updated_at = ${now}
        WHERE id = ${note.loteId}::uuid AND EXISTS (SELECT 1 FROM updated)
        RETURNING status, pendentes, locked_until, concluido_em)
      SELECT lote.status AS lote_status, lote.pendentes, lote.locked_until, lote.concluido_em FROM updated LEFT JOIN lote ON true`;
    if (updated.length === 0) return undefined;
    await appendEvents(tx, { accountId: note.accountId, environment: note.environment as 'test', at: now, events: [{ tipo: 'NFSE_AUTORIZADA', dados: presentNfse(authorized) }] });
    const [lote] = updated;
    if (note.loteId && lote!.lote_status !== null) {
      const done = await completeIfDone(tx, { id: note.loteId, status: lote!.lote_status, pendentes: Number(lote!.pendentes), lockedUntil: lote!.locked_until, concluidoEm: lote!.concluido_em }, now);
      if (done) await appendLoteConcluido(tx, done, note.accountId, note.environment, now);
    }
    return authorized;
  });
}
