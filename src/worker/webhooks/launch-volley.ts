import type { ClaimedDelivery } from '../../engine/webhooks/claim-deliveries.js';
import { type DeliveryState, wakeDispatcherIfRoom } from './delivery-state.js';

/** Deliver: attempts leased deliveries; each finished one frees its slot and waits for the next round trip. */
export function launchVolley(s: DeliveryState, claimed: ClaimedDelivery[]): void {
  s.attempting += claimed.length;
  s.flights.launched(claimed);
  const volley: Promise<unknown> = s.stages
    .attempt(claimed, (d, a, lost) => {
      s.attempting--;
      s.flights.attempted(d, a, lost);
      // An attempt not made (webhook gone, or an error logged) has nothing to record.
      if (a) s.finished.push(a);
      // The deliverer acts on a quarter of the pool finished, on an idle pool, or (with claims due) on free
      // slots; waking it for every attempt would cost a timer and a promise each.
      if (!s.drained || s.finished.length >= s.refillAt || s.attempting === 0 || s.flights.pending > 0)
        s.deliverWake.notify();
      wakeDispatcherIfRoom(s);
    })
    .finally(() => s.volleys.delete(volley));
  s.volleys.add(volley);
}
