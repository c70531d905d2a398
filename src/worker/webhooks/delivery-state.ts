import type { Logger } from 'pino';
import type { Attempt } from '../../engine/webhooks/attempt-delivery.js';
import { Flights } from '../../engine/webhooks/flights.js';
import type { DeliveryStages } from './delivery-stages.js';
import { Wakeup } from './wakeup.js';

/**
 * Everything the dispatcher and the deliverer share: one object the pipeline's steps (launch-volley.ts,
 * start-fan-out.ts, start-round-trip.ts, schedule-fan-out.ts, schedule-round-trip.ts) read and update. It lives
 * in one process and is only touched between awaits, so no step sees another half done.
 */
export interface DeliveryState {
  readonly stages: DeliveryStages;
  readonly logger: Pick<Logger, 'error'>;
  readonly pollMs: number;
  /** Attempts in flight at once, across both loops. */
  readonly concurrency: number;
  /** Free slots worth a fan-out or a claim: refilling one slot at a time would cost a round trip per delivery. */
  readonly refillAt: number;
  readonly flights: Flights;
  readonly dispatchWake: Wakeup;
  readonly deliverWake: Wakeup;
  /** Attempts under way (claimed, not finished). */
  attempting: number;
  /** Finished, waiting for the next round trip to record them. */
  finished: Attempt[];
  /** Slots the fan-outs and round trips under way asked for. */
  asked: number;
  readonly fanOuts: Set<Promise<void>>;
  readonly trips: Set<Promise<void>>;
  readonly volleys: Set<Promise<unknown>>;
  /** The last claim came back short: nothing more is due until a fan-out writes more than it leases or a retry comes due. */
  drained: boolean;
  /** The last fan-out left events in the log. */
  behind: boolean;
  /** The dispatcher waits for slots (events left in the log, or one announced): a freed quarter of the pool wakes it. */
  wantsRoom: boolean;
  /** A wake-up came while no fan-out could start: the one under way passes it on when it ends. */
  missedWake: boolean;
  /** A fan-out or a round trip failed (database down): the next one waits, as a failing loop step does. */
  fanOutFailed: boolean;
  tripFailed: boolean;
  /** Date.now() of the last revival. */
  lastRevival: number;
}

export function createDeliveryState(
  stages: DeliveryStages,
  logger: Pick<Logger, 'error'>,
  options: { pollMs: number; concurrency: number },
): DeliveryState {
  return {
    stages,
    logger,
    pollMs: options.pollMs,
    concurrency: options.concurrency,
    // A quarter of the pool is worth a round trip.
    refillAt: Math.max(1, Math.floor(options.concurrency / 4)),
    flights: new Flights(),
    dispatchWake: new Wakeup(),
    deliverWake: new Wakeup(),
    attempting: 0,
    finished: [],
    asked: 0,
    fanOuts: new Set(),
    trips: new Set(),
    volleys: new Set(),
    drained: false,
    behind: false,
    wantsRoom: false,
    missedWake: false,
    fanOutFailed: false,
    tripFailed: false,
    lastRevival: 0,
  };
}

/** Slots neither attempting nor asked for by a fan-out or trip under way. */
export const freeSlots = (s: DeliveryState): number => s.concurrency - s.attempting - s.asked;

export function wakeDispatcherIfRoom(s: DeliveryState): void {
  if (s.wantsRoom && freeSlots(s) >= s.refillAt) s.dispatchWake.notify();
}
