import type { NfseTimelineEntry, TransmissionJob } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../deps.js';
import { appendEvent } from '../eventos/append-event.js';
import { newId } from '../kernel/ids.js';
import { presentNfse, type NfseWithTimeline } from '../nfse/present-nfse.js';

export interface AuthorizedNfse {
  chave: string;
  numero: string;
  xml: string;
}

/**
 * Authorises a note whose stored row the caller holds, and ends its job, in four statements (BEGIN, one for the
 * note, its timeline and its job, the event, COMMIT) where the general path (updateNote, then finishJob) takes
 * seven: per-statement driver and Prisma work is the largest cost of an issued note (bench/nfse-issue). The row update, the timeline steps and the job's deletion are one statement guarded by the
 * note's `updated_at`: every change to a note moves it (updateNote), so when the guard holds the note as held plus
 * this change is exactly the stored row, and its event (`dados`) is built without reading it back.
 *
 * Returns undefined, having written nothing, when the guard fails (the note changed since it was read) or for a
 * note whose authorisation does more (a substitution cancels its original; a batch line belongs to its batch):
 * the caller then takes the general path.
 */
export async function authorizeHeldNote(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  job: TransmissionJob,
  note: NfseWithTimeline,
  nfse: AuthorizedNfse,
  steps: Array<{ tipo: string; detalhe?: Record<string, unknown> }>,
): Promise<NfseWithTimeline | undefined> {
  if (note.status !== 'transmitindo' || note.substituiId || note.loteId) return undefined;
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
    const updated = await tx.$queryRaw<Array<{ id: string }>>`
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
        DELETE FROM transmission_jobs WHERE id = ${job.id}::uuid AND EXISTS (SELECT 1 FROM updated))
      SELECT id FROM updated`;
    if (updated.length === 0) return undefined;
    await appendEvent(tx, { accountId: note.accountId, environment: note.environment as 'test', tipo: 'NFSE_AUTORIZADA', dados: presentNfse(authorized), at: now });
    return authorized;
  });
}
