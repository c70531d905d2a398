import type { Attempt } from '../../engine/webhooks/attempt-delivery.js';
import { claimDeliveries, type ClaimedDelivery } from '../../engine/webhooks/claim-deliveries.js';
import { dispatchEvents, type FanOut } from '../../engine/webhooks/dispatch-events.js';
import { reviveInflight } from '../../engine/webhooks/revive-inflight.js';
import type { WebhookDeps } from '../../engine/webhooks/webhook-deps.js';
import { type AttemptDone, attemptVolley } from './attempt-volley.js';

/**
 * The database and network work of the delivery pipeline, one call per stage. The pipeline's steps decide when
 * each runs; tests give them stand-ins to drive the steps without a database.
 */
export interface DeliveryStages {
  /** Fans out committed events, leasing at most `limit` deliveries (dispatch-events.ts). */
  fanOut(limit: number): Promise<FanOut>;
  /** Records finished attempts, deletes the complete flights and claims up to `limit` due deliveries, in one trip. */
  recordAndClaim(finished: Attempt[], limit: number, flights: string[]): Promise<ClaimedDelivery[]>;
  /** Attempts a volley; never rejects. */
  attempt(claimed: ClaimedDelivery[], done: AttemptDone): Promise<Attempt[]>;
  /** Turns lapsed flights into pending deliveries; how many were revived. */
  revive(): Promise<number>;
}

export function deliveryStages(deps: WebhookDeps): DeliveryStages {
  return {
    fanOut: (limit) => dispatchEvents(deps, limit),
    recordAndClaim: (finished, limit, flights) => claimDeliveries(deps, finished, limit, flights),
    attempt: (claimed, done) => attemptVolley(deps, claimed, done),
    revive: () => reviveInflight(deps),
  };
}
