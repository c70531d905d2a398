import { newId } from '../nucleo/new-id.js';
import { type ClaimedDelivery, claimedJson, DELIVERY_LEASE_MS, parseClaimed } from './claim-deliveries.js';
import type { WebhookDeps } from './webhook-deps.js';

type FanOutDeps = Pick<WebhookDeps, 'db' | 'clock' | 'webhooks'>;

// Events one account's fan-out reads at most.
const MAX_EVENTS = 500;

interface Behind {
  account_id: string;
  environment: string;
  fresh: boolean;
  /** Events committed past the position when asked (more may commit meanwhile). */
  pending: number;
}

/** What one fan-out did: the deliveries leased to the caller, and whether the log has more. */
export interface FanOut {
  /** In flight, to be attempted now: about `room` of them (all of an event's webhooks go together). */
  claimed: ClaimedDelivery[];
  /** Events were left behind for lack of room: call again when slots free up. */
  more: boolean;
}

/**
 * Fans committed events out to the subscribed webhooks of the same account and environment. Each account's
 * position in the log (events.seq) is locked FOR UPDATE SKIP LOCKED while its events are taken, and advanced in
 * the same transaction as the fan-out's flight, so with any number of workers every event is fanned out
 * once: a second worker skips the locked account, and a crash rolls both back together. seq order is commit
 * order (append-events.ts), so reading past the position never skips a late commit.
 *
 * The log is the queue: only as many events are read as the caller has `room` to attempt. Their deliveries are
 * not written yet: a flight (one webhook_inflight row) holds the fan-out's delivery ids under a lease, and each delivery row
 * is written once, with its first attempt's outcome, when the attempt is recorded (claim-deliveries.ts):
 * writing it at fan-out and updating it at recording would cost the database three times the work per
 * delivery. A flight whose worker died is turned into pending rows with the same ids when its lease runs out
 * (revive-inflight.ts).
 */
export async function dispatchEvents(deps: FanOutDeps, room: number): Promise<FanOut> {
  const behind = await deps.webhooks.sql<Behind>(
    'webhook_behind',
    `
    SELECT c.account_id::text, c.environment, p.account_id IS NULL AS fresh, LEAST(c.last - COALESCE(p.last_seq, 0), 1000000)::int AS pending
    FROM event_counters c
    LEFT JOIN webhook_dispatch_positions p ON p.account_id = c.account_id AND p.environment = c.environment
    WHERE c.last > COALESCE(p.last_seq, 0)
    LIMIT 200`,
    [],
  );
  const out: FanOut = { claimed: [], more: behind.length === 200 };
  for (const scope of behind) {
    const left = room - out.claimed.length;
    if (left <= 0) {
      out.more = true;
      break;
    }
    const one = await dispatchAccount(deps, scope, left);
    out.claimed.push(...one.claimed);
    out.more ||= one.more;
  }
  return out;
}

// Webhooks per account and environment as the last fan-out counted them: sizes the next one's event read.
const hooksSeen = new Map<string, number>();
const MAX_SEEN = 10_000;

async function dispatchAccount(deps: FanOutDeps, scope: Behind, room: number): Promise<FanOut> {
  if (scope.fresh) {
    await deps.db.$executeRaw`
      INSERT INTO webhook_dispatch_positions (account_id, environment, last_seq) VALUES (${scope.account_id}::uuid, ${scope.environment}, 0)
      ON CONFLICT DO NOTHING`;
  }
  const key = `${scope.account_id}:${scope.environment}`;
  let out = await fanOut(deps, scope, room, hooksSeen.get(key) ?? 1);
  // The first event alone needs more ids than were sent (more webhooks than room): once more, sized for it.
  if (out.stuck) out = await fanOut(deps, scope, room, out.hooks);
  if (hooksSeen.size >= MAX_SEEN) hooksSeen.clear();
  hooksSeen.set(key, out.hooks);
  return out;
}

/**
 * One account's fan-out in one statement (its own transaction): lock the position, read the webhooks and as
 * many events as `room` holds at one delivery per webhook, write its flight with an id per
 * delivery, and advance the position past the events fully taken. Ids are made here (UUIDv7) and cut the
 * flight: an event whose deliveries would need more ids than were sent stays for the next fan-out. The
 * deliveries come back as one JSON text with their POST bodies built from the log's dados.
 */
async function fanOut(
  deps: FanOutDeps,
  scope: Behind,
  room: number,
  hooks: number,
): Promise<FanOut & { hooks: number; stuck: boolean }> {
  // Ids for the events known to be behind, at most `room`: at a steady trickle of events a fan-out takes one or
  // two, and making ids for the whole room each time would cost more than the deliveries.
  const ids = Array.from({ length: Math.max(Math.min(room, scope.pending * hooks), hooks) }, newId);
  const flightId = newId();
  const events = Math.min(MAX_EVENTS, Math.max(1, Math.floor(ids.length / Math.max(1, hooks))));
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + DELIVERY_LEASE_MS);
  // A webhook receives what is committed after its creation, of the types it subscribes to. With no webhook,
  // no event is read and the position skips to the log's end (every seq up to the committed counter is
  // committed). A position locked by another worker makes every part empty: the UPDATE's one-time filter keeps
  // it from waiting on that lock. The position is read as a scalar so that it bounds the index scan of events
  // (joined, it would be a filter over the whole log).
  const [r] = await deps.webhooks.sql<{
    locked: boolean;
    hooks: number;
    behind: number | null;
    stuck: boolean | null;
    claimed: string;
  }>('webhook_fan_out', FAN_OUT, [scope.account_id, scope.environment, events, ids, flightId, lease, now]);
  // Another worker holds this account: it fans these events out.
  if (!r!.locked) return { claimed: [], more: false, hooks, stuck: false };
  return { claimed: parseClaimed(r!.claimed), more: (r!.behind ?? 0) > 0, hooks: r!.hooks, stuck: r!.stuck === true };
}

// $1 account, $2 environment, $3 events to read, $4 the delivery ids, $5 the flight's id, $6 its lease, $7 now.
const FAN_OUT = `
  WITH pos AS (
    SELECT last_seq FROM webhook_dispatch_positions
    WHERE account_id = $1::uuid AND environment = $2
    FOR UPDATE SKIP LOCKED),
  hooks AS (
    SELECT id, eventos, from_seq FROM webhooks
    WHERE account_id = $1::uuid AND environment = $2 AND deleted_at IS NULL AND disabled_at IS NULL),
  ev AS (
    SELECT id, seq, tipo, dados FROM events
    WHERE account_id = $1::uuid AND environment = $2 AND seq > (SELECT last_seq FROM pos)
      AND EXISTS (SELECT 1 FROM hooks)
    ORDER BY seq LIMIT $3::int),
  pairs AS (
    SELECT ev.id AS event_id, ev.seq, ev.tipo, ev.dados, h.id AS webhook_id,
      row_number() OVER (ORDER BY ev.seq, h.id) AS ord
    FROM ev JOIN hooks h ON ev.seq > h.from_seq AND h.eventos @> jsonb_build_array(ev.tipo)),
  cut AS (
    SELECT coalesce(min(seq), (SELECT max(seq) + 1 FROM ev)) AS seq FROM pairs WHERE ord > cardinality($4::uuid[])),
  fanned AS (
    SELECT ($4::uuid[])[ord] AS id, webhook_id, event_id, tipo, dados, 0 AS attempts, NULL::timestamptz AS first_attempt_at,
      $5::uuid AS flight
    FROM pairs WHERE seq < (SELECT seq FROM cut)),
  inflight AS (
    INSERT INTO webhook_inflight (id, account_id, environment, pairs, leased_until, created_at)
    SELECT $5::uuid, $1::uuid, $2, jsonb_agg(jsonb_build_object('id', id, 'webhook_id', webhook_id, 'event_id', event_id)),
      $6::timestamptz, $7::timestamptz
    FROM fanned HAVING count(*) > 0),
  counter AS (
    SELECT last FROM event_counters WHERE account_id = $1::uuid AND environment = $2),
  moved AS (
    UPDATE webhook_dispatch_positions
    SET last_seq = CASE WHEN NOT EXISTS (SELECT 1 FROM hooks) THEN (SELECT last FROM counter) ELSE (SELECT seq FROM cut) - 1 END
    WHERE account_id = $1::uuid AND environment = $2 AND EXISTS (SELECT 1 FROM pos)
      AND (NOT EXISTS (SELECT 1 FROM hooks) OR EXISTS (SELECT 1 FROM ev))
    RETURNING last_seq)
  SELECT EXISTS (SELECT 1 FROM pos) AS locked, (SELECT count(*) FROM hooks)::int AS hooks,
    ((SELECT last FROM counter) - coalesce((SELECT last_seq FROM moved), (SELECT last_seq FROM pos)))::int AS behind,
    (SELECT seq FROM cut) = (SELECT min(seq) FROM ev) AS stuck,
    ${claimedJson('fanned')} AS claimed`;
