import { setTimeout as sleep } from 'node:timers/promises';
import { anyEventsTopic } from '../eventos/events-topic.js';
import { runReadinessCheckIfDue } from '../prontidao/check-readiness-changes.js';
import { claimDeliveries, type ClaimedDelivery } from './claim-deliveries.js';
import { type Attempt, attemptDelivery, type ReadyWebhook, readyWebhook } from './deliver-webhook.js';
import { dispatchEvents } from './dispatch-events.js';
import { recordAttempts } from './record-attempts.js';
import type { WebhookDeps } from './webhook-deps.js';

export interface WebhookWorkerOptions {
  pollMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
}

/** Claims one batch of due deliveries, attempts them concurrently and records them together; returns how many. */
export async function deliverDue(deps: WebhookDeps, concurrency = 64): Promise<number> {
  const claimed = await claimDeliveries(deps, concurrency);
  if (claimed.length === 0) return 0;
  const webhooks = await webhooksOf(deps, claimed);
  const attempts = await Promise.all(claimed.map((d) => attemptSafely(deps, d, webhooks.get(d.webhookId))));
  await recordAttempts(deps, attempts.filter((a): a is Attempt => a !== null));
  return claimed.length;
}

/** Fans out and delivers everything due now (tests move a FakeClock and call this instead of waiting). */
export async function drainWebhooks(deps: WebhookDeps, concurrency = 64): Promise<number> {
  let total = 0;
  for (;;) {
    const fanned = await dispatchEvents(deps);
    const sent = await deliverDue(deps, concurrency);
    total += sent;
    if (fanned === 0 && sent === 0) return total;
  }
}

/**
 * The webhook half of the worker role; resumes from the database after a crash. Two loops: the dispatcher fans
 * events out when an event commit is announced (or every pollMs, for a lost announcement or another process's
 * events without Redis), and the deliverer keeps up to `concurrency` attempts in flight, claiming again as slots
 * free instead of waiting for a whole batch. Finished attempts are recorded in batches, one statement each; a
 * delivery holds its slot until recorded, so leases never outnumber the slots.
 */
export function startWebhookWorker(deps: WebhookDeps, options: WebhookWorkerOptions = {}) {
  // Commits wake the dispatcher and fan-outs wake the deliverer, so polling only catches a lost wake-up and
  // retries coming due (minutes apart): once a second keeps an idle process near idle.
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 64;
  // Refilling one slot at a time would cost a claim per delivery; a quarter of the pool is worth a round trip.
  const refillAt = Math.max(1, Math.floor(concurrency / 4));
  const stopping = new AbortController();
  const dispatchWake = new Wakeup();
  const deliverWake = new Wakeup();
  const recorder = new AttemptRecorder(deps);
  const inFlight = new Set<Promise<void>>();
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

  let lastJobCheck = 0;
  const dispatcher = resilient('dispatcher', async () => {
    // The 6-hourly readiness check is due on the clock; asking the database once a minute is enough.
    if (Date.now() - lastJobCheck >= 60_000) {
      lastJobCheck = Date.now();
      await runReadinessCheckIfDue(deps);
    }
    const fanned = await dispatchEvents(deps);
    if (fanned > 0) deliverWake.notify();
    else await dispatchWake.wait(pollMs);
  });

  const deliverer = resilient('delivery', async () => {
    const free = concurrency - inFlight.size;
    const claimed = free >= refillAt || inFlight.size === 0 ? await claimDeliveries(deps, free) : [];
    if (claimed.length > 0) {
      const webhooks = await webhooksOf(deps, claimed);
      for (const delivery of claimed) {
        const attempt: Promise<void> = attemptSafely(deps, delivery, webhooks.get(delivery.webhookId))
          .then((a) => (a ? recorder.record(a) : undefined))
          .catch((err: unknown) => deps.logger.error({ err, deliveryId: delivery.id }, 'webhook delivery not recorded'))
          .finally(() => {
            inFlight.delete(attempt);
            if (concurrency - inFlight.size >= refillAt) deliverWake.notify();
          });
        inFlight.add(attempt);
      }
    }
    // A full claim may leave more due: claim again once slots free. A short one waits for the dispatcher.
    if (claimed.length < free || inFlight.size + refillAt > concurrency) await deliverWake.wait(pollMs);
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
      await Promise.all(inFlight);
    },
  };
}

/** The claimed deliveries' webhooks, read and opened once per claim (not per attempt). */
async function webhooksOf(deps: WebhookDeps, claimed: ClaimedDelivery[]): Promise<Map<string, ReadyWebhook>> {
  const ids = [...new Set(claimed.map((d) => d.webhookId))];
  return new Map((await deps.db.webhook.findMany({ where: { id: { in: ids } } })).map((w) => [w.id, readyWebhook(deps, w)]));
}

async function attemptSafely(deps: WebhookDeps, delivery: ClaimedDelivery, webhook: ReadyWebhook | undefined): Promise<Attempt | null> {
  try {
    return await attemptDelivery(deps, delivery, webhook);
  } catch (err) {
    // The lease runs out and the delivery is claimed again: nothing is lost.
    deps.logger.error({ err, deliveryId: delivery.id }, 'webhook delivery failed');
    return null;
  }
}

/** A sleep that ends early on notify(); a notify while nobody waits makes the next wait return at once. */
class Wakeup {
  private pending = false;
  private wake: (() => void) | null = null;

  notify(): void {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  async wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wake = null;
        resolve();
      }
      this.wake = done;
    });
  }
}

/**
 * Batches finished attempts: while one batch is being written the next accumulates, so recording costs one
 * statement per batch however many attempts finish. record() settles when its attempt's batch is written.
 */
class AttemptRecorder {
  private queue: Array<{ attempt: Attempt; settle: (err?: unknown) => void }> = [];
  private writing = false;

  constructor(private readonly deps: WebhookDeps) {}

  record(attempt: Attempt): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ attempt, settle: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!this.writing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        await recordAttempts(this.deps, batch.map((b) => b.attempt));
        for (const b of batch) b.settle();
      } catch (err) {
        // Unrecorded attempts keep their lease and are claimed again when it runs out (at least once).
        for (const b of batch) b.settle(err ?? new Error('recording failed'));
      }
    }
    this.writing = false;
  }
}
