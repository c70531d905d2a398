import type { Prisma } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { appendEvents, type Tx } from '../eventos/append-events.js';
import { newId } from '../nucleo/new-id.js';
import { announceEvents } from '../eventos/events-topic.js';
import { publishLote } from '../eventos/lote-topic.js';
import { nfseAccountTopic, nfseTopic, type NfseChange } from './nfse-topic.js';
import { presentNfse, type NfseWithTimeline } from './present-nfse.js';

export interface NoteChange {
  data?: Prisma.NfseUpdateInput;
  /** Timeline steps (`envio`, `consulta_dps`, `recuperada`, …). */
  timeline?: Array<{ tipo: string; detalhe?: Record<string, unknown> }>;
  /** Event-log type written with the change, `dados` = the note after it. */
  event?: string;
  /** Only apply when the note is still in this status (guards races between the API and workers). */
  expectStatus?: string | string[];
  /** Further guard on the row (e.g. `aviso` still unset, so a warning fires once). */
  where?: Prisma.NfseWhereInput;
}

/**
 * Applies a change to a note, its timeline steps and its event in one transaction (event log = outbox), then
 * publishes the note id after commit. Returns null when `expectStatus` no longer holds.
 */
export async function updateNote(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'pubsub' | 'lotes'>,
  noteId: string,
  change: NoteChange,
  tx?: Tx,
): Promise<NfseWithTimeline | null> {
  const run = async (t: Tx) => {
    const now = deps.clock.now();
    const expected = change.expectStatus === undefined ? undefined : ([] as string[]).concat(change.expectStatus);
    const [updated] = await t.nfse.updateManyAndReturn({
      where: { id: noteId, ...change.where, ...(expected ? { status: { in: expected } } : {}) },
      data: { ...(change.data as Prisma.NfseUpdateManyMutationInput), updatedAt: now },
    });
    if (!updated) return null;
    if (change.timeline?.length) {
      await t.nfseTimelineEntry.createMany({
        data: change.timeline.map((step, i) => ({
          id: newId(),
          nfseId: noteId,
          tipo: step.tipo,
          at: new Date(now.getTime() + i),
          detalhe: (step.detalhe ?? undefined) as object | undefined,
        })),
      });
    }
    // A batch counts its notes in transmission; the one leaving it last completes the batch, in this same
    // transaction, its event after the note's own (EngineDeps.lotes).
    const before = expected?.length === 1 ? expected[0] : undefined;
    const delta =
      before === 'transmitindo' && updated.status !== 'transmitindo'
        ? -1
        : before !== undefined && before !== 'transmitindo' && updated.status === 'transmitindo'
          ? 1
          : 0;
    const note: NfseWithTimeline = {
      ...updated,
      timeline: await t.nfseTimelineEntry.findMany({ where: { nfseId: noteId } }),
    };
    const moved =
      updated.loteId !== null && delta !== 0
        ? await deps.lotes.notesMoved(
            t,
            { loteId: updated.loteId, accountId: note.accountId, environment: note.environment },
            delta,
            now,
          )
        : [];
    await appendEvents(t, {
      accountId: note.accountId,
      environment: note.environment as 'test',
      at: now,
      events: [...(change.event ? [{ tipo: change.event, dados: presentNfse(note) }] : []), ...moved],
    });
    return note;
  };
  const note = tx ? await run(tx) : await deps.db.$transaction(run);
  if (note && !tx) await publishNote(deps, note);
  return note;
}

type PublishedNote = {
  id: string;
  accountId: string;
  environment: string;
  status: string;
  companyId: string;
  loteId?: string | null;
};

/**
 * After commit: the note's change to its subscribers, its batch's (a batch line shows its note's status, so the
 * batch's `contagens` and, when the note settled last, its status changed with it), and a wake-up to followers
 * of the event log.
 */
export function publishNote(deps: Pick<EngineDeps, 'pubsub'>, note: PublishedNote): Promise<void> {
  return publishNotes(deps, [note]);
}

/**
 * publishNote for notes committed together: each note's own topics, then one wake-up per batch and per account.
 * Subscribers of a batch or of the event log reload what is committed, so one wake-up covers every change before it.
 * Every message is sent before any is awaited: on Redis they leave in this order on one connection (and together,
 * auto-pipelined), where awaiting each group took a round trip per group. `logged: false` for a change that
 * wrote no event (a new note): the event log's followers are not woken for nothing.
 */
export async function publishNotes(
  deps: Pick<EngineDeps, 'pubsub'>,
  notes: PublishedNote[],
  { logged = true } = {},
): Promise<void> {
  const lotes = new Map<string, PublishedNote & { loteId: string }>();
  const accounts = new Map<string, PublishedNote>();
  const sent: Array<Promise<void>> = [];
  for (const note of notes) {
    if (note.loteId) lotes.set(note.loteId, { ...note, loteId: note.loteId });
    accounts.set(`${note.accountId}:${note.environment}`, note);
    const message: NfseChange = { id: note.id, status: note.status, empresaId: note.companyId };
    sent.push(
      deps.pubsub.publish(nfseTopic(note.id), { ...message }),
      deps.pubsub.publish(nfseAccountTopic(note.accountId, note.environment), { ...message }),
    );
  }
  for (const note of lotes.values()) sent.push(publishLote(deps, { ...note, id: note.loteId }));
  if (logged) for (const note of accounts.values()) sent.push(announceEvents(deps, note.accountId, note.environment));
  await Promise.all(sent);
}
