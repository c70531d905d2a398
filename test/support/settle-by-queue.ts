import type { FakeClock } from '../../src/engine/nucleo/clock.js';
import type { TransmissionDeps } from '../../src/engine/transmission-deps.js';
import { drainJobs } from '../../src/worker/start-worker.js';

/**
 * The steps of a note whose lost answer was recovered: one send, then the queries the queue made until one found
 * the note (a query left unanswered is asked again, never answered by a resend).
 */
export const RECOVERED_STEPS = /^criada envio (consulta_dps )+recuperada autorizada$/;

/** The waits until a note's next try is due after one, two, three and four failures, at most. */
const BACKOFF_STEPS = [5_000, 15_000, 30_000, 60_000];

/**
 * Runs the queue after each of `waits` until the note `read` answers has left `transmitindo`, and answers it. A
 * note whose answer was lost is recovered by a query, and that query too can go unanswered on a loaded machine (the
 * tests' short client timeout): the queue asks again. What a test of a lost answer asserts is that nothing is sent
 * twice, not that its first query was answered in time.
 */
export async function settleByQueue<N extends { status: string }>(
  clock: FakeClock,
  deps: TransmissionDeps,
  read: () => Promise<N>,
  waits: readonly number[] = BACKOFF_STEPS,
): Promise<N> {
  for (const wait of waits) {
    clock.advance(wait);
    await drainJobs(deps);
    const note = await read();
    if (note.status !== 'transmitindo') return note;
  }
  return read();
}
