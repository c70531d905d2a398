import type { EngineDeps } from '../deps.js';

// Longer than the 10-second attempt: a lease runs out only when its process died mid-attempt.
export const DELIVERY_LEASE_MS = 30_000;

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  tipo: string;
  /** The POST body `{tipo, dados}` (spec 6.1), the exact bytes that are signed and sent. */
  body: string;
  attempts: number;
  firstAttemptAt: Date | null;
}

interface Row {
  id: string;
  webhook_id: string;
  event_id: string;
  tipo: string;
  dados: string;
  attempts: number;
  first_attempt_at: Date | null;
}

/**
 * Claims due deliveries with FOR UPDATE SKIP LOCKED and a lease: two workers never attempt the same delivery
 * at once, and one killed mid-attempt leaves the row to be claimed again when its lease ends (at least once).
 */
export async function claimDeliveries(deps: Pick<EngineDeps, 'db' | 'clock'>, limit: number): Promise<ClaimedDelivery[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + DELIVERY_LEASE_MS);
  // MATERIALIZED: the locking subquery runs once (a re-run per outer row could pick other rows); the outer
  // WHERE repeats the due test, re-checked on the locked row version.
  const rows = await deps.db.$queryRaw<Row[]>`
    WITH due AS MATERIALIZED (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pendente' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE webhook_deliveries d SET locked_until = ${lease}
    FROM due
    WHERE d.id = due.id AND d.status = 'pendente' AND (d.locked_until IS NULL OR d.locked_until < ${now})
    RETURNING d.id, d.webhook_id, d.event_id, d.tipo, d.dados::text AS dados, d.attempts, d.first_attempt_at`;
  // dados arrives as PostgreSQL's JSON text and goes into the body as it is: no parse into objects and
  // re-serialisation per delivery. (Not shared by event id: a resend may carry dados rebuilt from the current
  // state, unlike the same event's other deliveries.)
  return rows.map((r) => ({
    id: r.id,
    webhookId: r.webhook_id,
    eventId: r.event_id,
    tipo: r.tipo,
    body: `{"tipo":${JSON.stringify(r.tipo)},"dados":${r.dados}}`,
    attempts: r.attempts,
    firstAttemptAt: r.first_attempt_at,
  }));
}
