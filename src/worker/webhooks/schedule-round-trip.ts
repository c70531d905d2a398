import { setTimeout as sleep } from 'node:timers/promises';
import { type DeliveryState, freeSlots } from './delivery-state.js';
import { startRoundTrip } from './start-round-trip.js';

/**
 * One turn of the deliverer: starts a round trip for a quarter of the slots, or to record what finished when
 * nothing else is under way; at most two at once. After a short claim, only what finished is worth a trip until
 * something new is due; a timer tick (no wake-up) looks for retries that came due.
 */
export async function scheduleRoundTrip(s: DeliveryState): Promise<void> {
  // A trip that fails at once settles in microtasks: without this wait the loop would retry it without ever
  // yielding to timers or I/O.
  if (s.tripFailed) {
    s.tripFailed = false;
    await sleep(s.pollMs * 4);
    return;
  }
  const free = freeSlots(s);
  const idle = s.attempting === 0 && s.trips.size === 0;
  const recordable = s.finished.length > 0 || s.flights.pending > 0;
  const worth = s.drained
    ? recordable && (idle || s.finished.length >= s.refillAt)
    : free >= s.refillAt || (idle && recordable);
  if (s.trips.size < 2 && worth) {
    const trip = startRoundTrip(s, s.drained ? 0 : free);
    // Keep the loop from spinning while this trip holds the only free slots.
    if (s.trips.size >= 2 || s.drained) await trip;
    return;
  }
  if (!(await s.deliverWake.wait(s.pollMs))) s.drained = false;
}
