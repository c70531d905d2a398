import type { EngineDeps } from '../../engine-deps.js';
import type { NfseWithTimeline } from '../present-nfse.js';
import { authorizeHeldNotes, type HeldAuthorization } from './authorize-held-notes.js';

/**
 * Gathers the authorisations of a worker round's jobs, which run concurrently, and writes them together
 * (authorizeHeldNotes) once every job still running waits here: the round ends with its slowest national call
 * anyway, so waiting costs no time, and 32 notes cost one transaction instead of 32. Each job calls `leave` once
 * when it ends, whatever happened, so a job that never authorises does not hold the others.
 */
export class AuthorizationRound {
  private waiting: Array<{
    item: HeldAuthorization;
    resolve: (note: NfseWithTimeline | null) => void;
    reject: (err: unknown) => void;
  }> = [];

  constructor(
    private readonly deps: Pick<EngineDeps, 'db' | 'sql' | 'clock' | 'pubsub' | 'lotes'>,
    private running: number,
  ) {}

  /** The job's note as authorised, or null when it is no longer transmitting. */
  authorize(item: HeldAuthorization): Promise<NfseWithTimeline | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.flushIfAllWait();
    });
  }

  leave(): void {
    this.running -= 1;
    this.flushIfAllWait();
  }

  private flushIfAllWait() {
    if (this.waiting.length === 0 || this.waiting.length < this.running) return;
    const held = this.waiting;
    this.waiting = [];
    authorizeHeldNotes(
      this.deps,
      held.map((w) => w.item),
    ).then(
      (notes) => held.forEach((w, i) => w.resolve(notes[i])),
      (err) => held.forEach((w) => w.reject(err)),
    );
  }
}
