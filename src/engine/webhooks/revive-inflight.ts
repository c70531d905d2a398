import { insertFanOutDeliveries } from './claim-deliveries.js';
import type { WebhookDeps } from './webhook-deps.js';

/**
 * Flights whose lease ran out (their worker died, or lost the database, before recording every
 * attempt) become pending deliveries due now, with the ids their attempts were sent with: a receiver sees the
 * same X-Service-Delivery-Id and X-Service-Event-Id again (at least once). A delivery already recorded keeps
 * its row. Returns how many deliveries were revived.
 */
export async function reviveInflight(deps: Pick<WebhookDeps, 'clock' | 'logger' | 'webhooks'>): Promise<number> {
  const [r] = await deps.webhooks.sql<{ flights: number; revived: number }>('webhook_revive', REVIVE, [
    deps.clock.now(),
  ]);
  if (r!.flights > 0)
    deps.logger.warn(
      { flights: r!.flights, revived: r!.revived },
      'webhook flights whose lease ran out were turned into pending deliveries',
    );
  return r!.revived;
}

// $1 now.
const REVIVE = `
  WITH expired AS (
    SELECT id, pairs FROM webhook_inflight WHERE leased_until < $1::timestamptz
    ORDER BY leased_until LIMIT 100
    FOR UPDATE SKIP LOCKED),
  revived AS (${insertFanOutDeliveries(`(
    SELECT p.id, p.webhook_id, p.event_id, 'pendente' AS status, 0 AS numero, $1::timestamptz AS next_at,
      NULL::timestamptz AS first_at, NULL::timestamptz AS delivered_at, $1::timestamptz AS at
    FROM expired x CROSS JOIN LATERAL jsonb_to_recordset(x.pairs) AS p (id uuid, webhook_id uuid, event_id uuid))`)}),
  gone AS (
    DELETE FROM webhook_inflight WHERE id IN (SELECT id FROM expired) RETURNING id)
  SELECT (SELECT count(*) FROM gone)::int AS flights, (SELECT count(*) FROM revived)::int AS revived`;
