import { type Attempt, attemptDelivery } from '../../engine/webhooks/attempt-delivery.js';
import type { ClaimedDelivery } from '../../engine/webhooks/claim-deliveries.js';
import { type ReadyWebhook, readyWebhooks } from '../../engine/webhooks/ready-webhook.js';
import type { SafeTarget } from '../../engine/webhooks/safe-dispatchers.js';
import { VolleyDeadline } from '../../engine/webhooks/volley-deadline.js';
import type { WebhookDeps } from '../../engine/webhooks/webhook-deps.js';

/** Called as each attempt of a volley ends: the attempt, or null for one not made (`lost` when it failed). */
export type AttemptDone = (delivery: ClaimedDelivery, attempt: Attempt | null, lost: boolean) => void;

/**
 * Attempts a volley (the deliveries one claim or fan-out handed back) at once under one deadline (its attempts
 * start together, so one timer serves them all instead of one per attempt); `done` gets each attempt as it
 * finishes. Never rejects: a delivery whose attempt fails unrecorded is claimed again when its lease runs out,
 * or revived with its flight.
 */
export async function attemptVolley(
  deps: WebhookDeps,
  claimed: ClaimedDelivery[],
  done: AttemptDone,
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
