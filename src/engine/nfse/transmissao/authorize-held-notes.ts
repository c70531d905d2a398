import type { NfseTimelineEntry, TransmissionJob } from '../../../generated/prisma/client.js';
import type { EngineDeps } from '../../engine-deps.js';
import { appendEvents, appendedEventsSql, type Tx } from '../../eventos/append-events.js';
import { newId } from '../../nucleo/new-id.js';
import { groupedStatement } from '../../nucleo/grouped-statement.js';
import { markNfseCancelled } from '../mark-nfse-cancelled.js';
import { AUTOMATIC_KEY, EMAIL_WANTED_SQL } from '../email/enqueue-automatic-email.js';
import { presentNfse, type NfseWithTimeline } from '../present-nfse.js';
import { publishNotes } from '../update-note.js';

export interface AuthorizedNfse {
  chave: string;
  numero: string;
  xml: string;
}

/** A note the issuing system authorised, as its job's runner holds it. */
export interface HeldAuthorization {
  job: TransmissionJob;
  note: NfseWithTimeline;
  nfse: AuthorizedNfse;
  steps: Array<{ tipo: string; detalhe?: Record<string, unknown> }>;
}

type AuthorizeDeps = Pick<EngineDeps, 'db' | 'sql' | 'clock' | 'pubsub' | 'lotes'>;

/**
 * `transmitindo` → `autorizada`: the one writer of a note's authorisation, for a worker round's notes
 * (authorization-round.ts) and a single note (authorizeHeldNote) alike. Set-based: per account, environment and
 * batch, one statement writes the notes, their timelines and the end of their jobs (and, outside a batch, their
 * NFSE_AUTORIZADA events), where one note at a time through updateNote and a job's end takes eight statements per
 * note. Per-statement driver and Prisma work is the largest cost of an issued note.
 *
 * Each row update is guarded by the note's `updated_at`: every change to a note moves it (updateNote), so when the
 * guard holds the note as held plus this change is exactly the stored row, and its event (`dados`) is built
 * without reading it back. A note whose guard failed (changed since it was read) is read again and, while still
 * transmitting, authorised from its stored row; a note no longer transmitting is left as it is.
 *
 * Outside a batch and without a substitution the statement is the whole change, atomic on its own (no
 * BEGIN/COMMIT). A batch's notes are counted out of their batch through EngineDeps.lotes, which completes it when
 * they were its last in transmission, and their events appended with the batch's; a substitute's original is
 * cancelled (markNfseCancelled); all in the statement's transaction (authorizeInTransaction). One batch per
 * transaction: two workers never lock two batch rows in opposite orders.
 *
 * After commit: each note's own topics, and once per group its batch's topics and the event-log wake-up (a
 * subscriber reloads the committed rows, so one wake-up covers every change before it).
 *
 * Returns, per item in order, the authorised note, or null when the note is no longer transmitting.
 */
export async function authorizeHeldNotes(
  deps: AuthorizeDeps,
  items: HeldAuthorization[],
): Promise<Array<NfseWithTimeline | null>> {
  const authorized = new Map<HeldAuthorization, NfseWithTimeline>();
  // Each caller's item with the note as this pass holds it. Every pass writes or drops each note unless another
  // writer changed it meanwhile, so the passes end.
  let pending = items
    .filter((item) => item.note.status === 'transmitindo')
    .map((item) => ({ asked: item, held: item }));
  while (pending.length > 0) {
    for (const group of groupsOf(pending)) {
      const written = await authorizeGroup(
        deps,
        group.map((p) => p.held),
      );
      for (const p of group) {
        const note = written.get(p.held);
        if (note) authorized.set(p.asked, note);
      }
    }
    pending = await readAgain(
      deps,
      pending.filter((p) => !authorized.has(p.asked)),
    );
  }
  return items.map((item) => authorized.get(item) ?? null);
}

/**
 * authorizeHeldNotes for one note outside a worker round (the request that created it): the notes that
 * concurrent requests' attempts authorise meanwhile are written with it (groupedStatement).
 */
export function authorizeHeldNote(deps: AuthorizeDeps, item: HeldAuthorization): Promise<NfseWithTimeline | null> {
  return groupedStatement<HeldAuthorization, NfseWithTimeline | null>(deps.sql, 'nfse_authorize_held', (items) =>
    authorizeHeldNotes(deps, items),
  )(item);
}

interface Pending {
  asked: HeldAuthorization;
  held: HeldAuthorization;
}

function groupsOf(pending: Pending[]): Pending[][] {
  const groups = new Map<string, Pending[]>();
  for (const p of pending) {
    const key = `${p.held.note.accountId}:${p.held.note.environment}:${p.held.note.loteId ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.values()];
}

/**
 * The notes whose guard failed, as stored now: those still transmitting whose job is still their runner's (the
 * lease generation it holds), with their authorisation. A note whose runner lost its lease is not written.
 */
async function readAgain(deps: AuthorizeDeps, stale: Pending[]): Promise<Pending[]> {
  if (stale.length === 0) return [];
  const [notes, jobs] = await Promise.all([
    deps.db.nfse.findMany({
      where: { id: { in: stale.map((p) => p.held.note.id) }, status: 'transmitindo' },
      include: { timeline: true },
    }),
    deps.db.transmissionJob.findMany({
      where: { id: { in: stale.map((p) => p.held.job.id) } },
      select: { id: true, lease: true },
    }),
  ]);
  const current = new Map(notes.map((n) => [n.id, n]));
  const leases = new Map(jobs.map((j) => [j.id, j.lease]));
  return stale.flatMap((p) => {
    const note = current.get(p.held.note.id);
    const owned = leases.get(p.held.job.id) === p.held.job.lease;
    return note && owned ? [{ asked: p.asked, held: { ...p.held, note } }] : [];
  });
}

interface HeldChange {
  item: HeldAuthorization;
  entries: NfseTimelineEntry[];
  authorized: NfseWithTimeline;
}

/** The note as the statement leaves it, and its new timeline steps. */
function changeOf(item: HeldAuthorization, now: Date): HeldChange {
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
}

/** The rows' parameters of the statement ($1–$3). */
function rowParams(held: HeldChange[], now: Date): unknown[] {
  const notes = held.map(({ item }) => ({
    id: item.note.id,
    job_id: item.job.id,
    email_job_id: newId(),
    lease: item.job.lease,
    updated_at: item.note.updatedAt,
    chave: item.nfse.chave,
    numero: item.nfse.numero,
    xml: item.nfse.xml,
  }));
  return [JSON.stringify(notes), JSON.stringify(held.flatMap(({ entries }) => entries)), now.toISOString()];
}

/** AUTHORIZE_HELD's parameters: the rows', then the account, environment and each note's NFSE_AUTORIZADA. */
function paramsOf(held: HeldChange[], now: Date): unknown[] {
  const { accountId, environment } = held[0]!.item.note;
  // In the group's order; the statement keeps those of the notes it wrote.
  const events = held.map(({ item, authorized }) => ({
    id: newId(),
    nfse_id: item.note.id,
    dados: presentNfse(authorized),
  }));
  return [...rowParams(held, now), accountId, environment, JSON.stringify(events)];
}

async function authorizeGroup(
  deps: AuthorizeDeps,
  group: HeldAuthorization[],
): Promise<Map<HeldAuthorization, NfseWithTimeline>> {
  const now = deps.clock.now();
  const held = group.map((item) => changeOf(item, now));
  const { written, originals } =
    group[0]!.note.loteId === null && !group.some((item) => item.note.substituiId)
      ? {
          written: await deps.sql<{ id: string }>('nfse_authorize_held', AUTHORIZE_HELD, paramsOf(held, now)),
          originals: [],
        }
      : await deps.db.$transaction((tx) => authorizeInTransaction(deps, tx, held, now));
  const ids = new Set(written.map((r) => r.id));
  const done = new Map(
    held.filter(({ item }) => ids.has(item.note.id)).map(({ item, authorized }) => [item, authorized]),
  );
  await publishNotes(deps, [...done.values(), ...originals]);
  return done;
}

/**
 * A group whose authorisation takes more than the statement, in one transaction. A batch's notes are counted out
 * of their batch (EngineDeps.lotes) before their events are appended, with the batch's: the batch row is locked
 * before the account's event counter, as updateNote does, and the counter is locked last, until COMMIT. A
 * substitute's original is cancelled after its authorisation.
 */
async function authorizeInTransaction(
  deps: AuthorizeDeps,
  tx: Tx,
  held: HeldChange[],
  now: Date,
): Promise<{ written: Array<{ id: string }>; originals: NfseWithTimeline[] }> {
  const { accountId, environment, loteId } = held[0]!.item.note;
  const written =
    loteId === null
      ? await tx.$queryRawUnsafe<Array<{ id: string }>>(AUTHORIZE_HELD, ...paramsOf(held, now))
      : await tx.$queryRawUnsafe<Array<{ id: string }>>(AUTHORIZE_HELD_ROWS, ...rowParams(held, now));
  const ids = new Set(written.map((r) => r.id));
  const authorized = held.filter(({ item }) => ids.has(item.note.id));
  if (loteId !== null && authorized.length > 0) {
    const lote = { loteId, accountId, environment };
    const loteEvents = await deps.lotes.notesMoved(tx, lote, -authorized.length, now);
    await appendEvents(tx, {
      accountId,
      environment: environment as 'test',
      at: now,
      events: [
        ...authorized.map((h) => ({ tipo: 'NFSE_AUTORIZADA', dados: presentNfse(h.authorized) })),
        ...loteEvents,
      ],
    });
  }
  const substitutes = authorized.filter(({ item }) => item.note.substituiId);
  return { written, originals: await cancelOriginals(deps, tx, substitutes) };
}

/** Substitution: the original becomes `cancelada` only now that its substitute is authorised. */
async function cancelOriginals(deps: AuthorizeDeps, tx: Tx, substitutes: HeldChange[]): Promise<NfseWithTimeline[]> {
  const originals: NfseWithTimeline[] = [];
  for (const { item, authorized } of substitutes) {
    const original = await markNfseCancelled(
      deps,
      {
        noteId: item.note.substituiId!,
        substituidaPor: item.note.id,
        cancelamento: {
          tipo: 'substituicao',
          substituida_por: item.note.id,
          chave_substituta: item.nfse.chave,
          em: authorized.authorizedAt!.toISOString(),
        },
        detalhe: { motivo: 'substituicao', substituida_por: item.note.id },
      },
      tx,
    );
    if (original) originals.push(original);
  }
  return originals;
}

/**
 * The notes' change: $1 the notes (id, job_id, the lease generation its runner holds, the updated_at they were read
 * with, chave, numero, xml), $2 their timeline steps, $3 now. Fenced: only the notes whose job still carries its
 * runner's lease generation, locked (`held`) so no claim takes it until the end of the statement's transaction;
 * a run whose lease ran out and was taken over writes nothing. Only the notes the guard let through get their
 * steps, their job removed and, when the note or its company asks for it (EMAIL_WANTED_SQL), the e-mail to the
 * taker queued. `events` adds CTEs of the same statement.
 */
const authorizeSql = (events: string) => `
  WITH held AS (
    SELECT j.id FROM transmission_jobs j
    JOIN jsonb_to_recordset($1::jsonb) AS h(job_id uuid, lease int) ON j.id = h.job_id AND j.lease = h.lease
    FOR UPDATE OF j),
  updated AS (
    UPDATE nfse n SET status = 'autorizada', chave_acesso = i.chave, numero = i.numero, nfse_xml = i.xml,
      authorized_at = $3::timestamptz, aviso = NULL, updated_at = $3::timestamptz
    FROM jsonb_to_recordset($1::jsonb) AS i(id uuid, job_id uuid, email_job_id uuid, updated_at timestamptz, chave text, numero text, xml text)
    WHERE n.id = i.id AND n.status = 'transmitindo' AND n.updated_at = i.updated_at
      AND i.job_id IN (SELECT id FROM held)
    RETURNING n.id, i.job_id, i.email_job_id, n.account_id, n.environment, n.company_id, n.request),
  steps AS (
    INSERT INTO nfse_timeline (id, nfse_id, tipo, at, detalhe)
    SELECT s.id, s."nfseId", s.tipo, s.at, NULLIF(s.detalhe, 'null'::jsonb)
    FROM jsonb_to_recordset($2::jsonb) AS s(id uuid, "nfseId" uuid, tipo text, at timestamptz, detalhe jsonb)
    WHERE s."nfseId" IN (SELECT id FROM updated)),
  finished AS (
    DELETE FROM transmission_jobs WHERE id IN (SELECT job_id FROM updated)),
  mailed AS (
    INSERT INTO nfse_email_jobs (id, account_id, environment, nfse_id, motivo, chave, run_at, created_at, updated_at)
    SELECT n.email_job_id, n.account_id, n.environment, n.id, 'autorizacao', '${AUTOMATIC_KEY}', $3::timestamptz, $3::timestamptz, $3::timestamptz
    FROM updated n JOIN companies c ON c.id = n.company_id
    WHERE ${EMAIL_WANTED_SQL}
    ON CONFLICT (nfse_id, motivo, chave) DO NOTHING)${events}
  SELECT updated.id::text AS id FROM updated`;

/** The notes' change alone (a batch's, whose events follow its settlement). */
const AUTHORIZE_HELD_ROWS = authorizeSql('');

/**
 * The notes' change with their NFSE_AUTORIZADA (appendedEventsSql): $4 account, $5 environment, $6 the events
 * (id, nfse_id, dados) in order, of which those of the notes written.
 */
const AUTHORIZE_HELD = authorizeSql(`,
  ${appendedEventsSql({
    source: `SELECT (e.value->>'id')::uuid AS id, 'NFSE_AUTORIZADA'::text AS tipo, e.value->'dados' AS dados, e.ord
      FROM jsonb_array_elements($6::jsonb) WITH ORDINALITY AS e(value, ord)
      WHERE (e.value->>'nfse_id')::uuid IN (SELECT id FROM updated)`,
    accountId: '$4::uuid',
    environment: '$5::"Environment"',
    at: '$3::timestamptz',
  })}`);
