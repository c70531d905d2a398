import type { NfseTimelineEntry, TransmissionJob } from '../../../generated/prisma/client.js';
import type { EngineDeps } from '../../engine-deps.js';
import { newId } from '../../nucleo/new-id.js';
import { batchedStatement } from '../../nucleo/batched-statement.js';
import { presentNfse, type NfseWithTimeline } from '../present-nfse.js';
import { publishNotes } from '../update-note.js';

export interface AuthorizedNfse {
  chave: string;
  numero: string;
  xml: string;
}

/** A note the national system authorised, as its job's runner holds it. */
export interface HeldAuthorization {
  job: TransmissionJob;
  note: NfseWithTimeline;
  nfse: AuthorizedNfse;
  steps: Array<{ tipo: string; detalhe?: Record<string, unknown> }>;
}

/**
 * Authorises notes whose stored rows the callers hold and ends their jobs, set-based: per account, environment
 * and batch, one transaction of three statements (the notes, their timelines, their jobs and the batch's
 * `pendentes` in one; the events in one; COMMIT), where one note at a time through updateNote and finishJob
 * takes eight statements per note. Per-statement driver and Prisma work is the largest cost of an issued note.
 *
 * Each row update is guarded by the note's `updated_at`: every change to a note moves it (updateNote), so when the
 * guard holds the note as held plus this change is exactly the stored row, and its event (`dados`) is built
 * without reading it back. A batch whose last notes in transmission these were completes in the same
 * transaction, as settleLoteNote does (the batch row stays locked from the count until COMMIT). One batch per
 * transaction: two workers never lock two batch rows in opposite orders.
 *
 * After commit: each note's own topics, and once per group its batch's topics and the event-log wake-up (a
 * subscriber reloads the committed rows, so one wake-up covers every change before it).
 *
 * Returns, per item in order, the authorised note, or undefined when nothing was written for it: the guard
 * failed (the note changed since it was read) or it is a substitution (it cancels its original). The caller then
 * takes the general path.
 */
export async function authorizeHeldNotes(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock' | 'pubsub' | 'lotes'>,
  items: HeldAuthorization[],
): Promise<Array<NfseWithTimeline | undefined>> {
  const result = new Map<HeldAuthorization, NfseWithTimeline>();
  const groups = new Map<string, HeldAuthorization[]>();
  for (const item of items) {
    if (item.note.status !== 'transmitindo' || item.note.substituiId) continue;
    const key = `${item.note.accountId}:${item.note.environment}:${item.note.loteId ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  for (const group of groups.values()) {
    const authorized = await authorizeGroup(deps, group);
    for (const [item, note] of authorized) result.set(item, note);
  }
  return items.map((item) => result.get(item));
}

/**
 * authorizeHeldNotes for one note outside a worker round (the request that created it): the notes that
 * concurrent requests' attempts authorise meanwhile are written with it (batchedStatement).
 */
export function authorizeHeldNote(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock' | 'pubsub' | 'lotes'>,
  item: HeldAuthorization,
): Promise<NfseWithTimeline | undefined> {
  return batchedStatement<HeldAuthorization, NfseWithTimeline | undefined>(deps.sql, 'nfse_authorize_held', (items) =>
    authorizeHeldNotes(deps, items),
  )(item);
}

async function authorizeGroup(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock' | 'pubsub' | 'lotes'>,
  group: HeldAuthorization[],
): Promise<Map<HeldAuthorization, NfseWithTimeline>> {
  const now = deps.clock.now();
  const { accountId, environment, loteId } = group[0]!.note;
  const held = group.map((item) => {
    // As updateNote writes them: one millisecond apart, in order.
    const entries = [...item.steps, { tipo: 'autorizada', detalhe: { numero: item.nfse.numero } }].map(
      (step, i): NfseTimelineEntry => ({
        id: newId(),
        nfseId: item.note.id,
        tipo: step.tipo,
        at: new Date(now.getTime() + i),
        detalhe: (step.detalhe ?? null) as NfseTimelineEntry['detalhe'],
      }),
    );
    const authorized: NfseWithTimeline = {
      ...item.note,
      status: 'autorizada',
      chaveAcesso: item.nfse.chave,
      numero: item.nfse.numero,
      nfseXml: item.nfse.xml,
      authorizedAt: now,
      // The 30-minute warning describes a note still in transmission; it is cleared once the note is authorised.
      aviso: null,
      updatedAt: now,
      timeline: [...item.note.timeline, ...entries],
    };
    return { item, entries, authorized };
  });
  const notes = held.map(({ item }) => ({
    id: item.note.id,
    job_id: item.job.id,
    updated_at: item.note.updatedAt,
    chave: item.nfse.chave,
    numero: item.nfse.numero,
    xml: item.nfse.xml,
  }));
  const steps = held.flatMap(({ entries }) => entries);
  // Each note's NFSE_AUTORIZADA, in the group's order; the statement keeps those of the notes it wrote.
  const events = held.map(({ item, authorized }) => ({
    id: newId(),
    nfse_id: item.note.id,
    dados: presentNfse(authorized),
  }));
  const params = [
    JSON.stringify(notes),
    JSON.stringify(steps),
    now.toISOString(),
    loteId,
    accountId,
    environment,
    JSON.stringify(events),
  ];

  // Outside a batch the statement is the whole change, atomic on its own (no BEGIN/COMMIT). A batch's notes also
  // complete the batch when they were its last in transmission, which takes further statements: one transaction.
  const rows =
    loteId === null
      ? await deps.sql<AuthorizedRow>('nfse_authorize_held', AUTHORIZE_HELD, params)
      : await deps.db.$transaction(async (tx) => {
          const written = await tx.$queryRawUnsafe<AuthorizedRow[]>(AUTHORIZE_HELD, ...params);
          const [lote] = written;
          if (lote && lote.lote_status !== null) {
            await deps.lotes.notesSettled(
              tx,
              {
                loteId,
                accountId,
                environment,
                status: lote.lote_status,
                pendentes: Number(lote.pendentes),
                lockedUntil: lote.locked_until,
                concluidoEm: lote.concluido_em,
              },
              now,
            );
          }
          return written;
        });
  const written = new Set(rows.map((r) => r.id));
  const done = new Map(
    held.filter(({ item }) => written.has(item.note.id)).map(({ item, authorized }) => [item, authorized]),
  );
  await publishNotes(deps, [...done.values()]);
  return done;
}

interface AuthorizedRow {
  id: string;
  lote_status: string | null;
  pendentes: number | null;
  locked_until: Date | null;
  concluido_em: Date | null;
}

/**
 * $1 the notes (id, job_id, the updated_at they were read with, chave, numero, xml), $2 their timeline steps,
 * $3 now, $4 the batch or null, $5 account, $6 environment, $7 the events (id, nfse_id, dados) in order.
 * The events take consecutive numbers from the account's counter as appendEvents does (eventos/append-events.ts):
 * the counter row stays locked until the statement's, or the batch transaction's, COMMIT, so `seq` order is commit
 * order. Only the notes the guard let through get their steps, their job removed, their event and the count.
 */
const AUTHORIZE_HELD = `
  WITH updated AS (
    UPDATE nfse n SET status = 'autorizada', chave_acesso = i.chave, numero = i.numero, nfse_xml = i.xml,
      authorized_at = $3::timestamptz, aviso = NULL, updated_at = $3::timestamptz
    FROM jsonb_to_recordset($1::jsonb) AS i(id uuid, job_id uuid, updated_at timestamptz, chave text, numero text, xml text)
    WHERE n.id = i.id AND n.status = 'transmitindo' AND n.updated_at = i.updated_at
    RETURNING n.id, i.job_id),
  steps AS (
    INSERT INTO nfse_timeline (id, nfse_id, tipo, at, detalhe)
    SELECT s.id, s."nfseId", s.tipo, s.at, NULLIF(s.detalhe, 'null'::jsonb)
    FROM jsonb_to_recordset($2::jsonb) AS s(id uuid, "nfseId" uuid, tipo text, at timestamptz, detalhe jsonb)
    WHERE s."nfseId" IN (SELECT id FROM updated)),
  finished AS (
    DELETE FROM transmission_jobs WHERE id IN (SELECT job_id FROM updated)),
  lote AS (
    UPDATE lotes SET pendentes = pendentes - (SELECT count(*) FROM updated)::int, updated_at = $3::timestamptz
    WHERE id = $4::uuid AND EXISTS (SELECT 1 FROM updated)
    RETURNING status, pendentes, locked_until, concluido_em),
  counter AS (
    INSERT INTO event_counters (account_id, environment, last)
    SELECT $5::uuid, $6::"Environment", count(*) FROM updated HAVING count(*) > 0
    ON CONFLICT (account_id, environment) DO UPDATE SET last = event_counters.last + EXCLUDED.last
    RETURNING last),
  logged AS (
    INSERT INTO events (id, account_id, environment, seq, tipo, dados, created_at)
    SELECT (e.value->>'id')::uuid, $5::uuid, $6::"Environment",
      counter.last - (SELECT count(*) FROM updated) + row_number() OVER (ORDER BY e.ord), 'NFSE_AUTORIZADA', e.value->'dados', $3::timestamptz
    FROM counter, jsonb_array_elements($7::jsonb) WITH ORDINALITY AS e(value, ord)
    WHERE (e.value->>'nfse_id')::uuid IN (SELECT id FROM updated))
  SELECT updated.id::text AS id, lote.status AS lote_status, lote.pendentes, lote.locked_until, lote.concluido_em
  FROM updated LEFT JOIN lote ON true`;
