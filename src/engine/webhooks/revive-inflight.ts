import type { EngineDeps } from '../deps.js';

/**
 * In-flight batches whose lease ran out (their worker died, or lost the database, before recording every
 * attempt) become pending deliveries due now, with the ids their attempts were sent with: a receiver sees the
 * same X-Service-Delivery-Id and X-Service-Event-Id again (at least once). A delivery already recorded keeps
 * its row (fanout_key). Returns how many deliveries were revived.
 */
export async function reviveInflight(deps: Pick<EngineDeps, 'db' | 'clock' | 'logger'>): Promise<number> {
  const now = deps.clock.now();
  const [r] = await deps.db.$queryRaw<Array<{ batches: number; revived: number }>>`
    WITH expired AS (
      SELECT id, pairs FROM webhook_inflight WHERE leased_until < ${now}
      ORDER BY leased_until LIMIT 100
      FOR UPDATE SKIP LOCKED),
    revived AS (
      INSERT INTO webhook_deliveries (id, webhook_id, account_id, environment, event_id, tipo, dados, origem, fanout_key,
        status, attempts, next_attempt_at, event_at, created_at)
      SELECT p.id, p.webhook_id, e.account_id, e.environment, e.id, e.tipo, e.dados, 'evento', p.webhook_id::text || ':' || e.id::text,
        'pendente', 0, ${now}, e.created_at, ${now}
      FROM expired x CROSS JOIN LATERAL jsonb_to_recordset(x.pairs) AS p (id uuid, webhook_id uuid, event_id uuid)
      JOIN events e ON e.id = p.event_id
      ON CONFLICT (fanout_key) DO NOTHING
      RETURNING id),
    gone AS (
      DELETE FROM webhook_inflight WHERE id IN (SELECT id FROM expired) RETURNING id)
    SELECT (SELECT count(*) FROM gone)::int AS batches, (SELECT count(*) FROM revived)::int AS revived`;
  if (r!.batches > 0) deps.logger.warn({ batches: r!.batches, revived: r!.revived }, 'webhook batches whose lease ran out were turned into pending deliveries');
  return r!.revived;
}
