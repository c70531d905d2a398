import { setTimeout as sleep } from 'node:timers/promises';
import { runReadinessCheckIfDue } from '../prontidao/check-readiness-changes.js';
import { claimDeliveries, type ClaimedDelivery } from './claim-deliveries.js';
import { deliverWebhook } from './deliver-webhook.js';
import { dispatchEvents } from './dispatch-events.js';
import type { WebhookDeps } from './webhook-deps.js';

export interface WebhookWorkerOptions {
  pollMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
}

/** Claims one batch of due deliveries and attempts them concurrently; returns how many were attempted. */
export async function deliverDue(deps: WebhookDeps, concurrency = 64): Promise<number> {
  const claimed = await claimDeliveries(deps, concurrency);
  if (claimed.length === 0) return 0;
  const ids = [...new Set(claimed.map((d) => d.webhookId))];
  const webhooks = new Map((await deps.db.webhook.findMany({ where: { id: { in: ids } } })).map((w) => [w.id, w]));
  await Promise.all(claimed.map((d) => attemptSafely(deps, d, webhooks.get(d.webhookId))));
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

/** The webhook half of the worker role: dispatcher and delivery loop; resumes from the database after a crash. */
export function startWebhookWorker(deps: WebhookDeps, options: WebhookWorkerOptions = {}) {
  const pollMs = options.pollMs ?? 100;
  let stopped = false;
  let lastJobCheck = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        // The 6-hourly readiness check is due on the clock; asking the database once a minute is enough.
        if (Date.now() - lastJobCheck >= 60_000) {
          lastJobCheck = Date.now();
          await runReadinessCheckIfDue(deps);
        }
        const fanned = await dispatchEvents(deps);
        const sent = await deliverDue(deps, options.concurrency ?? 64);
        if (fanned === 0 && sent === 0) await sleep(pollMs);
      } catch (err) {
        deps.logger.error({ err }, 'webhook worker loop failed; retrying');
        await sleep(pollMs * 4);
      }
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

async function attemptSafely(deps: WebhookDeps, delivery: ClaimedDelivery, webhook: Parameters<typeof deliverWebhook>[2]) {
  try {
    await deliverWebhook(deps, delivery, webhook);
  } catch (err) {
    // The lease runs out and the delivery is claimed again: nothing is lost.
    deps.logger.error({ err, deliveryId: delivery.id }, 'webhook delivery failed');
  }
}
