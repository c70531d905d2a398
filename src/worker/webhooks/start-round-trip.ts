import { type DeliveryState, wakeDispatcherIfRoom } from './delivery-state.js';
import { launchVolley } from './launch-volley.js';

/**
 * Record and claim: one round trip records what finished, deletes the complete flights and claims up to `limit`
 * due deliveries, which it launches. A failed trip leaves its deliveries to their leases.
 */
export function startRoundTrip(s: DeliveryState, limit: number): Promise<void> {
  const recording = s.finished;
  s.finished = [];
  s.asked += limit;
  const trip: Promise<void> = s.stages
    .recordAndClaim(recording, limit, s.flights.take())
    .then((claimed) => {
      s.flights.recorded(recording, true);
      if (claimed.length < limit) s.drained = true;
      if (claimed.length > 0) launchVolley(s, claimed);
    })
    .catch((err: unknown) => {
      // Unrecorded attempts are claimed again when their lease runs out, or revived with their flight (at least once).
      s.flights.recorded(recording, false);
      s.logger.error({ err }, 'webhook round trip failed; retrying');
      s.tripFailed = true;
    })
    .finally(() => {
      s.asked -= limit;
      s.trips.delete(trip);
      s.deliverWake.notify();
      wakeDispatcherIfRoom(s);
    });
  s.trips.add(trip);
  return trip;
}
