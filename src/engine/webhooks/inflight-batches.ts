import type { Attempt } from './attempt-delivery.js';
import type { ClaimedDelivery } from './claim-deliveries.js';

interface Batch {
  /** Attempts under way. */
  attempting: number;
  /** Launched and not yet known to be in the database (recorded by a committed trip, or nothing to record). */
  unrecorded: number;
  /** An attempt failed unrecorded: the batch is left to its lease and revived (revive-inflight.ts). */
  lost: boolean;
}

/**
 * A worker's in-flight batches (dispatch-events.ts). A batch's row may be deleted only once every one of its
 * attempts is in a committed trip: deleted earlier, with a trip that later fails, the failed attempts would
 * have neither a delivery row nor a batch to revive them. Complete batches ride on the next trip; a batch
 * whose deletion is lost with a failed trip only costs its revival, which finds every row written.
 */
export class InflightBatches {
  private readonly batches = new Map<string, Batch>();
  private complete: string[] = [];

  launched(claimed: ClaimedDelivery[]): void {
    for (const d of claimed) {
      if (d.batch === null) continue;
      const b = this.batches.get(d.batch) ?? { attempting: 0, unrecorded: 0, lost: false };
      b.attempting++;
      b.unrecorded++;
      this.batches.set(d.batch, b);
    }
  }

  /** An attempt ended: `attempt` to be recorded, or null with nothing to record (`lost` when it failed). */
  attempted(delivery: ClaimedDelivery, attempt: Attempt | null, lost: boolean): void {
    const b = delivery.batch === null ? undefined : this.batches.get(delivery.batch);
    if (!b) return;
    b.attempting--;
    if (!attempt) b.unrecorded--;
    if (lost) b.lost = true;
    this.settle(delivery.batch!, b);
  }

  /** A trip with these attempts committed (`ok`) or failed. */
  recorded(attempts: Attempt[], ok: boolean): void {
    for (const a of attempts) {
      const b = a.delivery.batch === null ? undefined : this.batches.get(a.delivery.batch);
      if (!b) continue;
      b.unrecorded--;
      if (!ok) b.lost = true;
      this.settle(a.delivery.batch!, b);
    }
  }

  /** Batches whose rows can go, handed to one trip. */
  take(): string[] {
    const ids = this.complete;
    this.complete = [];
    return ids;
  }

  get pending(): number {
    return this.complete.length;
  }

  private settle(id: string, b: Batch): void {
    if (b.attempting > 0 || b.unrecorded > 0) return;
    this.batches.delete(id);
    if (!b.lost) this.complete.push(id);
  }
}
