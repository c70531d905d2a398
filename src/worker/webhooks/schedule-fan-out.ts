import { setTimeout as sleep } from 'node:timers/promises';
import { type DeliveryState, freeSlots } from './delivery-state.js';
import { startFanOut } from './start-fan-out.js';

// A lapsed flight waits at most its 30-second lease plus this.
const REVIVAL_EVERY_MS = 5_000;

/**
 * One turn of the dispatcher: revives lapsed flights when due, then starts a fan-out
 * for up to half the pool when a quarter of it is free, or waits for a wake-up. With the log behind, a second
 * fan-out starts while the first is on its way back: a fan-out spends most of its round trip queued behind the
 * attempts' I/O in this process, not in the database, so one at a time would leave the process idle part of the
 * time.
 */
export async function scheduleFanOut(s: DeliveryState): Promise<void> {
  if (s.fanOutFailed) {
    s.fanOutFailed = false;
    await sleep(s.pollMs * 4);
    return;
  }
  if (Date.now() - s.lastRevival >= REVIVAL_EVERY_MS) {
    s.lastRevival = Date.now();
    if ((await s.stages.revive()) > 0) {
      s.drained = false;
      s.deliverWake.notify();
    }
  }
  const limit = Math.min(freeSlots(s), Math.ceil(s.concurrency / 2));
  const canStart = s.fanOuts.size === 0 || (s.fanOuts.size === 1 && s.behind);
  // With the pool busy, events wait in the log until a quarter of it is free.
  if (!canStart || (limit < s.refillAt && s.attempting + s.asked > 0)) {
    s.wantsRoom = canStart;
    if ((await s.dispatchWake.wait(s.pollMs)) && s.fanOuts.size > 0) s.missedWake = true;
    return;
  }
  s.wantsRoom = false;
  void startFanOut(s, limit);
  // With the log behind, look again at once: a second fan-out may start beside this one.
  if (!s.behind) await s.dispatchWake.wait(s.pollMs);
}
