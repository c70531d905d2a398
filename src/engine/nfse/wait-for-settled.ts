import type { EngineDeps } from '../deps.js';
import { nfseTopic } from './nfse-topic.js';
import type { NfseWithTimeline } from './present-nfse.js';

/**
 * Waits until the note leaves `transmitindo` or `waitMs` passes (Prefer: wait). Wakes on the note's pub/sub
 * topic (any process) and on the end of this process's own attempt; always answers with the stored note.
 * The caller has just created the note `transmitindo`, so the first read waits for a wake-up.
 */
export async function waitForSettled(
  deps: Pick<EngineDeps, 'db' | 'pubsub'>,
  noteId: string,
  waitMs: number,
  attempt: Promise<unknown>,
): Promise<NfseWithTimeline> {
  const load = () => deps.db.nfse.findUniqueOrThrow({ where: { id: noteId }, include: { timeline: true } });
  if (waitMs <= 0) return load();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), waitMs);
  const changes = deps.pubsub.subscribe(nfseTopic(noteId), abort.signal)[Symbol.asyncIterator]();
  try {
    let attemptDone = false;
    const attemptEnded = attempt.then(() => (attemptDone = true));
    const aborted = new Promise((resolve) => abort.signal.addEventListener('abort', resolve, { once: true }));
    for (;;) {
      await Promise.race([changes.next(), attemptDone ? new Promise(() => {}) : attemptEnded, aborted]);
      const note = await load();
      if (note.status !== 'transmitindo' || abort.signal.aborted) return note;
    }
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}
