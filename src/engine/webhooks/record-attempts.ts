import { newId } from '../kernel/ids.js';
import { type Attempt, markSuccess } from './deliver-webhook.js';
import { notifyOutage } from './notify-outage.js';
import type { WebhookDeps } from './webhook-deps.js';

/**
 * Records finished attempts, each with its next attempt, in one statement (a round trip per delivery was the
 * worker's bottleneck). `attempts` guards each row, so an attempt whose lease was taken over is not recorded
 * twice; its attempt row is written only when the guarded update matched. No interactive transaction holds a
 * pooled connection across round trips.
 */
export async function recordAttempts(deps: WebhookDeps, attempts: Attempt[]): Promise<void> {
  if (attempts.length === 0) return;
  // One array per column (unnest): a dozen parameters whatever the batch size; a VALUES list of 12 per row
  // cost the client more CPU than the statement.
  const column = <T>(f: (a: Attempt) => T) => attempts.map(f);
  const recorded = await deps.db.$queryRaw<Array<{ delivery_id: string }>>`
    WITH o AS (
      SELECT * FROM unnest(
        ${column((a) => a.delivery.id)}::uuid[], ${column((a) => a.delivery.attempts)}::int[], ${column((a) => a.numero)}::int[],
        ${column((a) => a.status)}::text[], ${column((a) => a.firstAt)}::timestamptz[], ${column((a) => a.next)}::timestamptz[],
        ${column((a) => a.deliveredAt)}::timestamptz[], ${column(() => newId())}::uuid[], ${column((a) => a.at)}::timestamptz[],
        ${column((a) => a.durationMs)}::int[], ${column((a) => a.responseStatus)}::int[], ${column((a) => a.erro)}::text[])
        AS o (id, done, numero, status, first_at, next_at, delivered_at, attempt_id, at, duration_ms, response_status, erro)),
    updated AS (
      UPDATE webhook_deliveries d
      SET attempts = o.numero, status = o.status, first_attempt_at = o.first_at, next_attempt_at = o.next_at,
          locked_until = NULL, delivered_at = o.delivered_at
      FROM o
      WHERE d.id = o.id AND d.attempts = o.done
      RETURNING d.id)
    INSERT INTO webhook_attempts (id, delivery_id, numero, at, duration_ms, response_status, erro)
    SELECT o.attempt_id, o.id, o.numero, o.at, o.duration_ms, o.response_status, o.erro FROM o JOIN updated USING (id)
    RETURNING delivery_id`;
  const done = new Set(recorded.map((r) => r.delivery_id));
  for (const a of attempts) {
    if (!done.has(a.delivery.id)) continue;
    if (a.status === 'entregue') await markSuccess(deps, a.webhook, a.at);
    else if (a.status === 'falhou') await notifyOutage(deps, a.webhook, a.firstAt);
  }
}
