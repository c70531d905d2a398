import { setTimeout as sleep } from 'node:timers/promises';
import { anyEventsTopic } from '../engine/eventos/events-topic.js';
import { runReadinessCheckIfDue } from '../engine/prontidao/check-readiness-changes.js';
import { VolleyDeadline } from '../engine/webhooks/volley-deadline.js';
import { claimDeliveries, type ClaimedDelivery } from '../engine/webhooks/claim-deliveries.js';
import { type Attempt, attemptDelivery } from '../engine/webhooks/attempt-delivery.js';
import { dispatchEvents } from '../engine/webhooks/dispatch-events.js';
import { Flights } from '../engine/webhooks/flights.js';
import { type ReadyWebhook, readyWebhooks } from '../engine/webhooks/ready-webhook.js';
import { reviveInflight } from '../engine/webhooks/revive-inflight.js';
import type { SafeTarget } from '../engine/webhooks/safe-dispatchers.js';
import type { WebhookDeps } from '../engine/webhooks/webhook-deps.js';
import type { TransmissionDeps } from '../engine/transmission-deps.js';

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
 * The webhook half of the worker role; resumes from the database after a crash. Two loops share `concurrency`
 * slots for attempts. The dispatcher fans events out when an event commit is announced (or every pollMs, for a
 * lost announcement or another process's events without Redis), as many as slots are free, and attempts the
 * in-flight deliveries it gets back; with the log behind, it waits for slots. It also revives flights whose
 * lease ran out. The deliverer's round trips record the attempts finished meanwhile, delete the flights
 * that are fully recorded, and claim due deliveries (retries, expired leases, resends, tests) in one
 * statement. Two round trips may be under way at once: while one waits on the database, the attempts it did
 * not wait for keep finishing and the next one already records them, so the pipeline does not run dry during
 * a round trip. A finished attempt frees its slot and is recorded by the next trip, well inside its lease.
 */
/** `national`: the 6-hourly readiness check reads the municipal parameters through the national gateway. */
export function startWebhookWorker(
  deps: WebhookDeps & Pick<TransmissionDeps, 'national'>,
  options: WebhookWorkerOptions = {},
) {
  // Commits wake the dispatcher and finished attempts wake the deliverer, so polling only catches a lost wake-up
  // and retries coming due (minutes apart): once a second keeps an idle process near idle.
  const pollMs = options.pollMs ?? 1000;
  // A fan-out takes about `room` events per round trip and the pool empties while it waits, so the pool's size
  // bounds throughput at size / round trip. An origin gets at most 128 connections (safe-dispatchers.ts: more
  // connections to one receiver only slow it down): attempts beyond them wait inside the origin's pool, within
  // their volley's deadline, so a receiver that takes over 2.5 s per request under 128 connections sees some
  // attempts time out there and retried by the table.
  const concurrency = options.concurrency ?? 512;
  // Refilling one slot at a time would cost a claim per delivery; a quarter of the pool is worth a round trip.
  const refillAt = Math.max(1, Math.floor(concurrency / 4));
  const stopping = new AbortController();
  const dispatchWake = new Wakeup();
  const deliverWake = new Wakeup();
  /** Attempts under way (claimed, not finished). */
  let attempting = 0;
  /** Finished, waiting for the next round trip to record them. */
  let finished: Attempt[] = [];
  const flights = new Flights();
  /** Round trips under way, and the slots their claims asked for. */
  const trips = new Set<Promise<void>>();
  let asked = 0;
  /** The last claim came back short: nothing more is due until a fan-out writes more than it leases or a retry comes due. */
  let drained = false;
  /** A round trip failed (database down): the next one waits, as a failing loop step does. */
  let failed = false;
  const posting = new Set<Promise<unknown>>();
  let stopped = false;

  const resilient = async (name: string, step: () => Promise<void>) => {
    while (!stopped) {
      try {
        await step();
      } catch (err) {
        deps.logger.error({ err }, `webhook ${name} loop failed; retrying`);
        await sleep(pollMs * 4);
      }
    }
  };

  /** The dispatcher waits for slots (events left in the log, or one announced): a freed quarter of the pool wakes it. */
  let wantsRoom = false;
  const room = () => concurrency - attempting - asked;
  const wakeDispatcherIfRoom = () => {
    if (wantsRoom && room() >= refillAt) dispatchWake.notify();
  };

  /** Attempts leased deliveries; each finished one frees its slot and waits for the next round trip. */
  const launch = (claimed: ClaimedDelivery[]) => {
    attempting += claimed.length;
    flights.launched(claimed);
    const sent: Promise<unknown> = attemptVolley(deps, claimed, (d, a, lost) => {
      attempting--;
      flights.attempted(d, a, lost);
      // An attempt not made (webhook gone, or an error logged) has nothing to record.
      if (a) finished.push(a);
      // The deliverer acts on a quarter of the pool finished, on an idle pool, or (with claims due) on free
      // slots; waking it for every attempt would cost a timer and a promise each.
      if (!drained || finished.length >= refillAt || attempting === 0 || flights.pending > 0) deliverWake.notify();
      wakeDispatcherIfRoom();
    }).finally(() => posting.delete(sent));
    posting.add(sent);
  };

  /**
   * Fan-outs under way. With the log behind, a second one starts while the first is on its way back: a fan-out
   * spends most of its round trip queued behind the attempts' I/O in this process, not in the database, so one
   * at a time would leave the process idle part of the time. Each asks for at most half the pool.
   */
  const fanOuts = new Set<Promise<void>>();
  /** The last fan-out left events in the log. */
  let behind = false;
  /** A wake-up came while no fan-out could start: the one under way passes it on when it ends. */
  let missedWake = false;
  let fanOutFailed = false;
  const startFanOut = (limit: number) => {
    asked += limit;
    const trip: Promise<void> = dispatchEvents(deps, limit)
      .then((fanned) => {
        // Nothing taken with more behind: the accounts behind are another worker's just now; no busy loop over them.
        behind = fanned.more && fanned.claimed.length > 0;
        if (fanned.claimed.length > 0) launch(fanned.claimed);
      })
      .catch((err: unknown) => {
        deps.logger.error({ err }, 'webhook fan-out failed; retrying');
        behind = false;
        fanOutFailed = true;
      })
      .finally(() => {
        asked -= limit;
        fanOuts.delete(trip);
        if (behind || missedWake || fanOutFailed) {
          missedWake = false;
          dispatchWake.notify();
        }
      });
    fanOuts.add(trip);
  };

  let lastJobCheck = 0;
  let lastRevival = 0;
  const dispatcher = resilient('dispatcher', async () => {
    if (fanOutFailed) {
      fanOutFailed = false;
      return sleep(pollMs * 4);
    }
    // The 6-hourly readiness check is due on the clock; asking the database once a minute is enough.
    if (Date.now() - lastJobCheck >= 60_000) {
      lastJobCheck = Date.now();
      await runReadinessCheckIfDue(deps);
    }
    // A lapsed flight waits at most its 30-second lease plus this.
    if (Date.now() - lastRevival >= 5_000) {
      lastRevival = Date.now();
      if ((await reviveInflight(deps)) > 0) {
        drained = false;
        deliverWake.notify();
      }
    }
    const limit = Math.min(room(), Math.ceil(concurrency / 2));
    const canStart = fanOuts.size === 0 || (fanOuts.size === 1 && behind);
    // With the pool busy, events wait in the log until a quarter of it is free.
    if (!canStart || (limit < refillAt && attempting + asked > 0)) {
      wantsRoom = canStart;
      if ((await dispatchWake.wait(pollMs)) && fanOuts.size > 0) missedWake = true;
      return;
    }
    wantsRoom = false;
    startFanOut(limit);
    // With the log behind, look again at once: a second fan-out may start beside this one.
    if (!behind) await dispatchWake.wait(pollMs);
  });

  /** Records what finished and claims up to `limit`; a failed trip leaves its deliveries to their leases. */
  const roundTrip = (limit: number): Promise<void> => {
    const recording = finished;
    finished = [];
    asked += limit;
    const trip: Promise<void> = claimDeliveries(deps, recording, limit, flights.take())
      .then((claimed) => {
        flights.recorded(recording, true);
        if (claimed.length < limit) drained = true;
        if (claimed.length > 0) launch(claimed);
      })
      .catch((err: unknown) => {
        // Unrecorded attempts are claimed again when their lease runs out, or revived with their flight (at least once).
        flights.recorded(recording, false);
        deps.logger.error({ err }, 'webhook round trip failed; retrying');
        failed = true;
      })
      .finally(() => {
        asked -= limit;
        trips.delete(trip);
        deliverWake.notify();
        wakeDispatcherIfRoom();
      });
    trips.add(trip);
    return trip;
  };

  const deliverer = resilient('delivery', async () => {
    // A trip that fails at once settles in microtasks: without this wait the loop would retry it without ever
    // yielding to timers or I/O.
    if (failed) {
      failed = false;
      return sleep(pollMs * 4);
    }
    const free = room();
    const idle = attempting === 0 && trips.size === 0;
    // A trip for a quarter of the slots, or to record what finished when nothing else is under way; at most
    // two at once. After a short claim, only what finished is worth a trip until something new is due.
    const recordable = finished.length > 0 || flights.pending > 0;
    const worth = drained
      ? recordable && (idle || finished.length >= refillAt)
      : free >= refillAt || (idle && recordable);
    if (trips.size < 2 && worth) {
      const trip = roundTrip(drained ? 0 : free);
      // Keep the loop from spinning while this trip holds the only free slots.
      if (trips.size >= 2 || drained) await trip;
      return;
    }
    // A timer tick (no wake-up) looks for retries that came due.
    if (!(await deliverWake.wait(pollMs))) drained = false;
  });
  // Event commits are announced after commit; a wake-up only makes the dispatcher look earlier.
  const wakeups = (async () => {
    try {
      for await (const _ of deps.pubsub.subscribe(anyEventsTopic, stopping.signal)) dispatchWake.notify();
    } catch (err) {
      if (!stopping.signal.aborted) deps.logger.error({ err }, 'webhook dispatcher wake-ups lost; polling only');
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      stopping.abort();
      dispatchWake.notify();
      deliverWake.notify();
      await Promise.all([dispatcher, deliverer, wakeups]);
      await Promise.all(fanOuts);
      await Promise.all(trips);
      await Promise.all(posting);
      // Recording the last attempts completes their flights, whose rows go with one more trip.
      if (finished.length > 0) await roundTrip(0);
      if (flights.pending > 0) await roundTrip(0);
    },
  };
}

/**
 * Attempts a volley (the deliveries one claim or fan-out handed back) at once under one deadline (its attempts
 * start together, so one timer serves them all instead of one per attempt); `done` gets each attempt as it
 * finishes, null for one not made (`lost` when it failed). Never rejects: a delivery whose attempt fails unrecorded is claimed again when its
 * lease runs out, or revived with its flight.
 */
async function attemptVolley(
  deps: WebhookDeps,
  claimed: ClaimedDelivery[],
  done: (d: ClaimedDelivery, a: Attempt | null, lost: boolean) => void,
): Promise<Attempt[]> {
  let webhooks: Map<string, ReadyWebhook>;
  // The host of each webhook is checked once for the volley's attempts, which all start now.
  const targets = new Map<string, SafeTarget>();
  try {
    webhooks = await readyWebhooks(deps, claimed);
    await Promise.all(
      [...webhooks].map(async ([id, webhook]) => targets.set(id, await deps.webhooks.dispatchers.target(webhook.url))),
    );
  } catch (err) {
    deps.logger.error({ err }, 'webhooks of a volley not opened or their hosts not checked');
    for (const d of claimed) done(d, null, true);
    return [];
  }
  const deadline = new VolleyDeadline(deps.webhooks.timeoutMs);
  const attempts = await Promise.all(
    claimed.map(async (delivery) => {
      let attempt: Attempt | null = null;
      let lost = false;
      try {
        attempt = await attemptDelivery(
          deps,
          delivery,
          webhooks.get(delivery.webhookId),
          targets.get(delivery.webhookId),
          deadline,
        );
      } catch (err) {
        lost = true;
        deps.logger.error({ err, deliveryId: delivery.id }, 'webhook delivery failed');
      }
      done(delivery, attempt, lost);
      return attempt;
    }),
  );
  deadline.clear();
  return attempts.filter((a): a is Attempt => a !== null);
}

/**
 * A sleep that ends early on notify(); a notify while nobody waits makes the next wait return at once. Resolves
 * true when notified, false when the time ran out.
 */
class Wakeup {
  private pending = false;
  private wake: (() => void) | null = null;

  notify(): void {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  async wait(ms: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), ms);
      const self = this;
      function done(notified: boolean) {
        clearTimeout(timer);
        self.wake = null;
        resolve(notified);
      }
      this.wake = () => done(true);
    });
  }
}
