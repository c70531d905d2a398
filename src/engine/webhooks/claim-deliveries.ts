import { newId } from '../nucleo/new-id.js';
import { type Attempt, markSuccess } from './attempt-delivery.js';
import { notifyOutage } from './notify-outage.js';
import type { WebhookDeps } from './webhook-deps.js';

// Longer than the 10-second attempt: a lease runs out only when its process died mid-attempt.
export const DELIVERY_LEASE_MS = 30_000;

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  tipo: string;
  /** The flight of a first attempt whose row is not written yet (dispatch-events.ts); null for a row. */
  flight: string | null;
  /** The POST body `{tipo, dados}`, the exact bytes that are signed and sent. */
  body: string;
  attempts: number;
  firstAttemptAt: Date | null;
  /** The webhook's columns that change without a new version; null when the webhook is deleted, disabled or absent. */
  webhook: { version: string; lastSuccessAt: Date | null; outageNotifiedAt: Date | null } | null;
}

/** A claimed delivery as the statements' JSON carries it (timestamps as ISO text). */
interface ClaimedRow {
  id: string;
  webhook_id: string;
  event_id: string;
  tipo: string;
  flight: string | null;
  body: string;
  attempts: number;
  first_attempt_at: string | null;
}

/** The statements' JSON: the deliveries, and once each the webhooks they go to that are neither deleted nor disabled. */
interface ClaimedJson {
  deliveries: ClaimedRow[];
  webhooks: Record<string, { version: string; last_success_at: string | null; outage_notified_at: string | null }>;
}

const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

/**
 * The deliveries of `source` (a CTE with id, webhook_id, event_id, tipo, dados, attempts, first_attempt_at,
 * flight) and their webhooks as one JSON text that parseClaimed reads: a row per delivery would cost more in the
 * client's per-cell conversions than the statement itself. A webhook's columns come once, not with each of its
 * deliveries (a claim is mostly one webhook's). The POST body `{tipo, dados}` is put together here from the
 * stored JSON text, with no parse and re-serialisation per delivery (not shared by event id: a resend may
 * carry dados rebuilt from the current state). The webhook's version is a digest of what opening it reads
 * (ready-webhook.ts).
 */
export const claimedJson = (source: string) => `(
    SELECT json_build_object(
      'deliveries', coalesce(json_agg(json_build_object(
        'id', c.id, 'webhook_id', c.webhook_id, 'event_id', c.event_id, 'tipo', c.tipo, 'flight', c.flight,
        'body', '{"tipo":' || to_json(c.tipo)::text || ',"dados":' || c.dados::text || '}',
        'attempts', c.attempts, 'first_attempt_at', c.first_attempt_at) ORDER BY c.id), '[]'),
      'webhooks', (
        SELECT coalesce(json_object_agg(w.id, json_build_object(
          'version', md5(concat_ws(' ', w.url, w.secret_enc, w.previous_secret_enc, w.previous_until, w.cabecalhos::text)),
          'last_success_at', w.last_success_at, 'outage_notified_at', w.outage_notified_at)), '{}')
        FROM webhooks w WHERE w.deleted_at IS NULL AND w.disabled_at IS NULL
          AND w.id IN (SELECT webhook_id FROM ${source})))::text
    FROM ${source} c)`;

/**
 * Writes the dispatcher's delivery rows from `source` (id, webhook_id, event_id, status, numero, next_at,
 * first_at, delivered_at, at), each copying its event; fanout_key keeps them to one per webhook and event, so
 * a flight that is both recorded and revived writes each row once. Returns the ids written.
 */
export const insertFanOutDeliveries = (source: string) => `
    INSERT INTO webhook_deliveries (id, webhook_id, account_id, environment, event_id, tipo, dados, origem, fanout_key,
      status, attempts, next_attempt_at, first_attempt_at, event_at, delivered_at, created_at)
    SELECT s.id, s.webhook_id, e.account_id, e.environment, e.id, e.tipo, e.dados, 'evento', s.webhook_id::text || ':' || e.id::text,
      s.status, s.numero, s.next_at, s.first_at, e.created_at, s.delivered_at, s.at
    FROM ${source} s JOIN events e ON e.id = s.event_id
    ON CONFLICT (fanout_key) DO NOTHING
    RETURNING id`;

export function parseClaimed(json: string): ClaimedDelivery[] {
  const { deliveries, webhooks } = JSON.parse(json) as ClaimedJson;
  // One state object per webhook, shared by its deliveries.
  const states = new Map<string, NonNullable<ClaimedDelivery['webhook']>>();
  for (const id in webhooks) {
    const w = webhooks[id]!;
    states.set(id, {
      version: w.version,
      lastSuccessAt: dateOrNull(w.last_success_at),
      outageNotifiedAt: dateOrNull(w.outage_notified_at),
    });
  }
  return deliveries.map((r) => ({
    id: r.id,
    webhookId: r.webhook_id,
    eventId: r.event_id,
    tipo: r.tipo,
    flight: r.flight,
    body: r.body,
    attempts: r.attempts,
    firstAttemptAt: dateOrNull(r.first_attempt_at),
    webhook: states.get(r.webhook_id) ?? null,
  }));
}

/**
 * One round trip of the deliverer: records finished attempts (each with its next attempt), deletes the
 * flights `done` whose attempts were all recorded by earlier trips, and claims up to `limit` due
 * deliveries, in one statement: a statement per delivery, or one to record and another to claim, would make
 * round trips the worker's bottleneck. A first attempt from the fan-out writes its delivery row now, with the outcome
 * (fanout_key keeps it to one row per webhook and event, also against a revived flight); a later attempt
 * updates the row, guarded by `attempts`, so an attempt whose lease was taken over is not recorded twice. An
 * attempt row is written only for a delivery row written or updated here. Claims use FOR UPDATE SKIP LOCKED
 * and a lease: two workers never attempt the same delivery at once, and one killed mid-attempt leaves the row
 * to be claimed again when its lease ends (at least once).
 */
export async function claimDeliveries(
  deps: WebhookDeps,
  finished: Attempt[],
  limit: number,
  done: string[] = [],
): Promise<ClaimedDelivery[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + DELIVERY_LEASE_MS);
  // The attempts go as one JSON parameter read by jsonb_to_recordset, instants as epoch milliseconds: column
  // arrays would cost a conversion per element, and Date.toJSON per instant shows in the worker's CPU.
  const outcomes = JSON.stringify(
    finished.map((a) => ({
      id: a.delivery.id,
      fresh: a.delivery.flight !== null,
      webhook_id: a.delivery.webhookId,
      event_id: a.delivery.eventId,
      done: a.delivery.attempts,
      numero: a.numero,
      status: a.status,
      first_at: a.firstAt.getTime(),
      next_at: a.next?.getTime() ?? null,
      delivered_at: a.deliveredAt?.getTime() ?? null,
      attempt_id: newId(),
      at: a.at.getTime(),
      duration_ms: a.durationMs,
      response_status: a.responseStatus,
      erro: a.erro,
    })),
  );
  const updates = finished.filter((a) => a.delivery.flight === null).map((a) => a.delivery.id);
  const [row] = await deps.webhooks.sql<{ unrecorded: string; claimed: string }>(
    'webhook_record_claim',
    RECORD_AND_CLAIM,
    [outcomes, updates, done, now, limit, lease],
  );
  // Almost always none: an attempt whose lease another worker took over, or whose row is already written.
  const unrecorded = new Set<string>(JSON.parse(row!.unrecorded) as string[]);
  const claimed = parseClaimed(row!.claimed);
  for (const a of finished) {
    if (unrecorded.has(a.delivery.id)) continue;
    if (a.status === 'entregue') await markSuccess(deps, a.webhook, a.at);
    else if (a.status === 'falhou') await notifyOutage(deps, a.webhook, a.firstAt);
  }
  return claimed;
}

// $1 the finished attempts (JSON), $2 the ids of those that update a row, $3 flights to delete,
// $4 now, $5 how many to claim, $6 their lease.
// `due` runs on the statement's snapshot, where the rows being recorded still hold their lease; they are
// excluded all the same, as one statement must not update a row twice. MATERIALIZED: the locking subquery
// runs once (a re-run per outer row could pick other rows); the outer WHERE repeats the due test, re-checked
// on the locked row version. $2 repeats o's ids as an array the planner can count: joined on o alone (which
// it estimates at 100 rows) it picks a sequential scan of every delivery, a cost growing with the table.
const RECORD_AND_CLAIM = `
  WITH o AS (
    SELECT o.id, o.fresh, o.webhook_id, o.event_id, o.done, o.numero, o.status, o.attempt_id, o.duration_ms, o.response_status, o.erro,
      to_timestamp(o.first_at / 1000.0) AS first_at, to_timestamp(o.next_at / 1000.0) AS next_at,
      to_timestamp(o.delivered_at / 1000.0) AS delivered_at, to_timestamp(o.at / 1000.0) AS at
    FROM jsonb_to_recordset($1::jsonb) AS o (id uuid, fresh boolean, webhook_id uuid, event_id uuid, done int, numero int, status text,
      first_at bigint, next_at bigint, delivered_at bigint, attempt_id uuid, at bigint, duration_ms int, response_status int, erro text)),
  written AS (${insertFanOutDeliveries('(SELECT * FROM o WHERE o.fresh)')}),
  updated AS (
    UPDATE webhook_deliveries d
    SET attempts = o.numero, status = o.status, first_attempt_at = o.first_at, next_attempt_at = o.next_at,
        locked_until = NULL, delivered_at = o.delivered_at
    FROM o
    WHERE d.id = ANY($2::uuid[]) AND d.id = o.id AND d.attempts = o.done
    RETURNING d.id),
  logged AS (
    INSERT INTO webhook_attempts (id, delivery_id, numero, at, duration_ms, response_status, erro)
    SELECT o.attempt_id, o.id, o.numero, o.at, o.duration_ms, o.response_status, o.erro
    FROM o WHERE o.id IN (SELECT id FROM written UNION ALL SELECT id FROM updated)
    RETURNING delivery_id),
  landed AS (
    DELETE FROM webhook_inflight WHERE id = ANY($3::uuid[])),
  due AS MATERIALIZED (
    SELECT id FROM webhook_deliveries
    WHERE status = 'pendente' AND next_attempt_at <= $4::timestamptz AND (locked_until IS NULL OR locked_until < $4::timestamptz)
      AND id NOT IN (SELECT id FROM o)
    ORDER BY next_attempt_at
    LIMIT $5::int
    FOR UPDATE SKIP LOCKED),
  claimed AS (
    UPDATE webhook_deliveries d SET locked_until = $6::timestamptz
    FROM due
    WHERE d.id = due.id AND d.status = 'pendente' AND (d.locked_until IS NULL OR d.locked_until < $4::timestamptz)
    RETURNING d.id, d.webhook_id, d.event_id, d.tipo, d.dados, d.attempts, d.first_attempt_at, NULL::uuid AS flight)
  SELECT (SELECT coalesce(json_agg(o.id), '[]') FROM o WHERE o.id NOT IN (SELECT delivery_id FROM logged))::text AS unrecorded,
    ${claimedJson('claimed')} AS claimed`;
