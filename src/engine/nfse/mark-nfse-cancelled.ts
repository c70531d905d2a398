import type { Prisma } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Tx } from '../eventos/append-events.js';
import type { NfseWithTimeline } from './present-nfse.js';
import { publishNote, updateNote } from './update-note.js';
import { enqueueAutomaticEmail } from './email/enqueue-automatic-email.js';

export interface NfseCancellation {
  noteId: string;
  /** The note's `cancelamento` record: by an event at the issuing system, or by the substitute's authorisation. */
  cancelamento: object;
  /** The `cancelada` step's detail. */
  detalhe: Record<string, unknown>;
  /** Steps that led to it, before `cancelada` (a query that found the event). */
  steps?: Array<{ tipo: string; detalhe?: Record<string, unknown> }>;
  /** The note that replaces this one, when a substitution cancels it. */
  substituidaPor?: string;
}

/**
 * `autorizada` → `cancelada`, with its timeline steps and NFSE_CANCELADA, for every path that cancels a note (the
 * cancellation event, a substitute's authorisation), and the cancellation's e-mail to the taker queued with it
 * when the note or its company asks for it. Null when the note is no longer `autorizada`. Inside the caller's
 * transaction when given one; otherwise its own, published after commit.
 */
export async function markNfseCancelled(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'pubsub' | 'lotes'>,
  cancellation: NfseCancellation,
  tx?: Tx,
): Promise<NfseWithTimeline | null> {
  const { noteId, cancelamento, detalhe, steps = [], substituidaPor } = cancellation;
  const run = async (t: Tx) => {
    const note = await updateNote(
      deps,
      noteId,
      {
        expectStatus: 'autorizada',
        data: {
          status: 'cancelada',
          cancelamento: cancelamento as Prisma.InputJsonObject,
          ...(substituidaPor ? { substituidaPor } : {}),
        },
        timeline: [...steps, { tipo: 'cancelada', detalhe }],
        event: 'NFSE_CANCELADA',
      },
      t,
    );
    if (note) await enqueueAutomaticEmail(t, noteId, 'cancelamento', deps.clock.now());
    return note;
  };
  if (tx) return run(tx);
  const note = await deps.db.$transaction(run);
  if (note) await publishNote(deps, note);
  return note;
}
