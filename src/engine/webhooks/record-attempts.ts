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
  // The batch goes as one JSON parameter read by jsonb_to_recordset: one column array per field cost the
  // adapter a conversion per element (dates formatted one by one), more CPU than the statement itself.
  const rows = JSON.stringify(attempts.map((a) => ({
    id: a.delivery.id, done: a.delivery.attempts, numero: a.numero, status: a.status, first_at: a.firstAt, next_at: a.next,
    delivered_at: a.deliveredAt, attempt_id: newId(), at: a.at, duration_ms: a.durationMs, response_status: a.responseStatus, erro: a.erro,
  })));
  const recorded = await deps.db.$queryRaw<Array<{ delivery_id: string }>>`
    WITH o AS (
      SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS o (id uuid, done int, numero int, status text, first_at timestamptz,
        next_at timestamptz, delivered_at timestamptz, attempt_id uuid, at timestamptz, duration_ms int, response_status int, erro text)),
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
