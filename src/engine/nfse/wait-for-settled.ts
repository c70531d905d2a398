import type { EngineDeps } from '../engine-deps.js';
import { nfseTopic } from './nfse-topic.js';
import type { NfseWithTimeline } from './present-nfse.js';

/**
 * Waits until the note leaves `transmitindo` or `waitMs` passes (Prefer: wait). When this process's own attempt
 * settles the note, its committed state is the answer; otherwise wakes on the note's pub/sub topic (any process,
 * e.g. the worker that retries) and answers with the stored note.
 */
export async function waitForSettled(
  deps: Pick<EngineDeps, 'db' | 'pubsub'>,
  noteId: string,
  waitMs: number,
  attempt: Promise<NfseWithTimeline | null>,
): Promise<NfseWithTimeline> {
  const load = () => deps.db.nfse.findUniqueOrThrow({ where: { id: noteId }, include: { timeline: true } });
  if (waitMs <= 0) return load();
  // The subscription's AbortController is made only when a subscription is opened: aborting one builds an
  // AbortError, whose stack trace would be most of the wait's own cost for a note its attempt settled.
  let expired = false;
  let abort: AbortController | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      expired = true;
      abort?.abort();
      resolve();
    }, waitMs);
  });
  try {
    // While this process's attempt holds the job's lease nothing else changes the note, so its result is awaited
    // first, and most notes are answered without a subscription (with Redis, a SUBSCRIBE and an UNSUBSCRIBE saved
    // per note). Otherwise the subscription is opened before the note is read, so a later change wakes the wait;
    // one that slipped between the two is still read when the wait ends.
    const settled = await Promise.race([attempt, timedOut]);
    if (isSettled(settled)) return settled;
    if (expired) return await load();
    abort = new AbortController();
    const changes = deps.pubsub.subscribe(nfseTopic(noteId), abort.signal)[Symbol.asyncIterator]();
    for (;;) {
      const note = await load();
      if (note.status !== 'transmitindo' || expired) return note;
      await Promise.race([changes.next(), timedOut]);
    }
  } finally {
    clearTimeout(timer);
    abort?.abort();
  }
}

const isSettled = (value: unknown): value is NfseWithTimeline =>
  typeof value === 'object' &&
  value !== null &&
  'timeline' in value &&
  (value as NfseWithTimeline).status !== 'transmitindo';
