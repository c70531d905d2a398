import { setTimeout as sleep } from 'node:timers/promises';
import { anyEventsTopic } from '../engine/eventos/events-topic.js';
import { claimDeliveries, type ClaimedDelivery } from '../engine/webhooks/claim-deliveries.js';
import { dispatchEvents } from '../engine/webhooks/dispatch-events.js';
import { Flights } from '../engine/webhooks/flights.js';
import { reviveInflight } from '../engine/webhooks/revive-inflight.js';
import type { WebhookDeps } from '../engine/webhooks/webhook-deps.js';
import { attemptVolley } from './webhooks/attempt-volley.js';
import { deliveryStages } from './webhooks/delivery-stages.js';
import { createDeliveryState, type DeliveryState } from './webhooks/delivery-state.js';
import { scheduleFanOut } from './webhooks/schedule-fan-out.js';
import { scheduleRoundTrip } from './webhooks/schedule-round-trip.js';
import { startRoundTrip } from './webhooks/start-round-trip.js';

export interface WebhookWorkerOptions {
  pollMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
}

/** Attempts claimed deliveries concurrently and records them together; returns how many. */
async function deliverClaimed(deps: WebhookDeps, claimed: ClaimedDelivery[], flights: Flights): Promise<number> {
  if (claimed.length === 0) return 0;
  flights.launched(claimed);
  const attempts = await attemptVolley(deps, claimed, (d, a, lost) => flights.attempted(d, a, lost));
  await claimDeliveries(deps, attempts, 0, flights.take());
  flights.recorded(attempts, true);
  return claimed.length;
}

/**
 * Revives lapsed flights, fans out and delivers everything due now (tests move a FakeClock and call this
 * instead of waiting); the rows of the flights it attempted are gone when it returns.
 */
export async function drainWebhooks(deps: WebhookDeps, concurrency = 64): Promise<number> {
  const flights = new Flights();
  let total = 0;
  for (;;) {
    await reviveInflight(deps);
    const fanned = await dispatchEvents(deps, concurrency);
    const sent =
      (await deliverClaimed(deps, fanned.claimed, flights)) +
      (await deliverClaimed(deps, await claimDeliveries(deps, [], concurrency, flights.take()), flights));
    total += sent;
    if (!fanned.more && sent === 0 && flights.pending === 0) return total;
  }
}

/**
 * The webhook half of the worker role; resumes from the database after a crash. A pipeline of steps over one
 * DeliveryState, run by two loops that share `concurrency` slots for attempts:
 * - the dispatcher (scheduleFanOut) fans events out (startFanOut) when an event commit is announced (or every
 *   pollMs, for a lost announcement or another process's events without Redis), as many as slots are free, and
 *   launches the deliveries it gets back (launchVolley); with the log behind, it waits for slots. It also
 *   revives flights whose lease ran out (periodic work such as the readiness check runs in the scheduler,
 *   start-scheduler.ts, never in these loops);
 * - the deliverer (scheduleRoundTrip) starts round trips (startRoundTrip) that record the attempts finished
 *   meanwhile, delete the flights that are fully recorded, and claim due deliveries (retries, expired leases,
 *   resends, tests) in one statement. Two round trips may be under way at once: while one waits on the
 *   database, the attempts it did not wait for keep finishing and the next one already records them, so the
 *   pipeline does not run dry during a round trip. A finished attempt frees its slot and is recorded by the
 *   next trip, well inside its lease.
 */
export function startWebhookWorker(deps: WebhookDeps, options: WebhookWorkerOptions = {}) {
  const state = createDeliveryState(deliveryStages(deps), deps.logger, {
    // Commits wake the dispatcher and finished attempts wake the deliverer, so polling only catches a lost
    // wake-up and retries coming due (minutes apart): once a second keeps an idle process near idle.
    pollMs: options.pollMs ?? 1000,
    // A fan-out takes about `room` events per round trip and the pool empties while it waits, so the pool's
    // size bounds throughput at size / round trip. An origin gets at most 128 connections (safe-dispatchers.ts:
    // more connections to one receiver only slow it down): attempts beyond them wait inside the origin's pool,
    // within their volley's deadline, so a receiver that takes over 2.5 s per request under 128 connections
    // sees some attempts time out there and retried by the table.
    concurrency: options.concurrency ?? 512,
  });
  const stopping = new AbortController();
  const loop = async (name: string, step: (s: DeliveryState) => Promise<void>) => {
    while (!stopping.signal.aborted) {
      try {
        await step(state);
      } catch (err) {
        deps.logger.error({ err }, `webhook ${name} loop failed; retrying`);
        await sleep(state.pollMs * 4);
      }
    }
  };
  const dispatcher = loop('dispatcher', scheduleFanOut);
  const deliverer = loop('delivery', scheduleRoundTrip);
  // Event commits are announced after commit; a wake-up only makes the dispatcher look earlier.
  const wakeups = (async () => {
    try {
      for await (const _ of deps.pubsub.subscribe(anyEventsTopic, stopping.signal)) state.dispatchWake.notify();
    } catch (err) {
      if (!stopping.signal.aborted) deps.logger.error({ err }, 'webhook dispatcher wake-ups lost; polling only');
    }
  })();

  return {
    stop: async () => {
      stopping.abort();
      state.dispatchWake.notify();
      state.deliverWake.notify();
      await Promise.all([dispatcher, deliverer, wakeups]);
      await drainState(state);
    },
  };
}

/**
 * Waits for what is under way, then records the last attempts; that completes their flights, whose rows go with
 * one more trip.
 */
async function drainState(s: DeliveryState): Promise<void> {
  await Promise.all(s.fanOuts);
  await Promise.all(s.trips);
  await Promise.all(s.volleys);
  if (s.finished.length > 0) await startRoundTrip(s, 0);
  if (s.flights.pending > 0) await startRoundTrip(s, 0);
}
