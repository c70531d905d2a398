import type { DeliveryState } from './delivery-state.js';
import { launchVolley } from './launch-volley.js';

/**
 * Fan-out: leases the deliveries of up to `limit` slots from the event log and launches them. Two may be under
 * way at once with the log behind (schedule-fan-out.ts); a failure is logged and makes the dispatcher wait.
 */
export function startFanOut(s: DeliveryState, limit: number): Promise<void> {
  s.asked += limit;
  const trip: Promise<void> = s.stages
    .fanOut(limit)
    .then((fanned) => {
      // Nothing taken with more behind: the accounts behind are another worker's just now; no busy loop over them.
      s.behind = fanned.more && fanned.claimed.length > 0;
      if (fanned.claimed.length > 0) launchVolley(s, fanned.claimed);
    })
    .catch((err: unknown) => {
      s.logger.error({ err }, 'webhook fan-out failed; retrying');
      s.behind = false;
      s.fanOutFailed = true;
    })
    .finally(() => {
      s.asked -= limit;
      s.fanOuts.delete(trip);
      if (s.behind || s.missedWake || s.fanOutFailed) {
        s.missedWake = false;
        s.dispatchWake.notify();
      }
    });
  s.fanOuts.add(trip);
  return trip;
}
