import type { Attempt } from './attempt-delivery.js';
import type { ClaimedDelivery } from './claim-deliveries.js';

interface Flight {
  /** Attempts under way. */
  attempting: number;
  /** Launched and not yet known to be in the database (recorded by a committed trip, or nothing to record). */
  unrecorded: number;
  /** An attempt failed unrecorded: the flight is left to its lease and revived (revive-inflight.ts). */
  lost: boolean;
}

/**
 * A worker's flights: the webhook_inflight rows its fan-outs wrote (dispatch-events.ts), each holding the
 * deliveries whose first attempts are under way. A flight's row may be deleted only once every one of its
 * attempts is in a committed trip: deleted earlier, with a trip that later fails, the failed attempts would
 * have neither a delivery row nor a flight to revive them. Complete flights ride on the next trip; a flight
 * whose deletion is lost with a failed trip only costs its revival, which finds every row written.
 */
export class Flights {
  private readonly flights = new Map<string, Flight>();
  private complete: string[] = [];

  launched(claimed: ClaimedDelivery[]): void {
    for (const d of claimed) {
      if (d.flight === null) continue;
      const f = this.flights.get(d.flight) ?? { attempting: 0, unrecorded: 0, lost: false };
      f.attempting++;
      f.unrecorded++;
      this.flights.set(d.flight, f);
    }
  }

  /** An attempt ended: `attempt` to be recorded, or null with nothing to record (`lost` when it failed). */
  attempted(delivery: ClaimedDelivery, attempt: Attempt | null, lost: boolean): void {
    const f = delivery.flight === null ? undefined : this.flights.get(delivery.flight);
    if (!f) return;
    f.attempting--;
    if (!attempt) f.unrecorded--;
    if (lost) f.lost = true;
    this.settle(delivery.flight!, f);
  }

  /** A trip with these attempts committed (`ok`) or failed. */
  recorded(attempts: Attempt[], ok: boolean): void {
    for (const a of attempts) {
      const f = a.delivery.flight === null ? undefined : this.flights.get(a.delivery.flight);
      if (!f) continue;
      f.unrecorded--;
      if (!ok) f.lost = true;
      this.settle(a.delivery.flight!, f);
    }
  }

  /** Flights whose rows can go, handed to one trip. */
  take(): string[] {
    const ids = this.complete;
    this.complete = [];
    return ids;
  }

  get pending(): number {
    return this.complete.length;
  }

  private settle(id: string, f: Flight): void {
    if (f.attempting > 0 || f.unrecorded > 0) return;
    this.flights.delete(id);
    if (!f.lost) this.complete.push(id);
  }
}
