import type { EngineDeps } from '../deps.js';
import { newId } from '../kernel/ids.js';
import { CLAIMED_JSON, type ClaimedDelivery, DELIVERY_LEASE_MS, parseClaimed } from './claim-deliveries.js';

const BATCH = 500;

interface Behind {
  account_id: string;
  environment: string;
  fresh: boolean;
}

/** What one fan-out did: deliveries created, those of them leased to the caller, and whether the log has more. */
export interface FanOut {
  created: number;
  /** Leased to the caller, to be attempted now (at most `room`); the others wait to be claimed. */
  claimed: ClaimedDelivery[];
  /** Events were left behind for lack of room: call again when slots free up. */
  more: boolean;
}

/**
 * Fans committed events out into deliveries: one per subscribed webhook of the same account and environment.
 * Each account's position in the log (events.seq) is locked FOR UPDATE SKIP LOCKED while its batch is written,
 * and advanced in the same transaction as the deliveries, so with any number of workers every event is fanned
 * out once: a second worker skips the locked account, and a crash rolls both back together. seq order is
 * commit order (append-event.ts), so reading past the position never skips a late commit.
 *
 * The log is the queue: only as many events are read as the caller has `room` to attempt, and the deliveries
 * come back already leased to it. A first attempt then costs no claim (a due-index scan and an UPDATE per row,
 * which were half of the database's work per delivery), and a backlog waits in the log, not as rows.
 */
export async function dispatchEvents(deps: Pick<EngineDeps, 'db' | 'clock'>, room: number): Promise<FanOut> {
  const behind = await deps.db.$queryRaw<Behind[]>`
    SELECT c.account_id, c.environment, p.account_id IS NULL AS fresh FROM event_counters c
    LEFT JOIN webhook_dispatch_positions p ON p.account_id = c.account_id AND p.environment = c.environment
    WHERE c.last > COALESCE(p.last_seq, 0)
    LIMIT 200`;
  const out: FanOut = { created: 0, claimed: [], more: behind.length === 200 };
  for (const scope of behind) {
    const left = room - out.claimed.length;
    if (left <= 0) {
      out.more = true;
      break;
    }
    const one = await dispatchAccount(deps, scope, left);
    out.created += one.created;
    out.claimed.push(...one.claimed);
    out.more ||= one.more;
  }
  return out;
}

// Webhooks per account and environment as the last fan-out counted them: sizes the next one's event read.
const hooksSeen = new Map<string, number>();
const MAX_SEEN = 10_000;

async function dispatchAccount(deps: Pick<EngineDeps, 'db' | 'clock'>, scope: Behind, room: number): Promise<FanOut> {
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
 * many events as `room` holds at one delivery per webhook, insert the deliveries, leasing the first `room`,
 * and advance the position past the events fully fanned out. Ids are made here (UUIDv7) and cut the batch:
 * an event whose deliveries would need more ids than were sent stays for the next fan-out. The log's dados
 * stay in the database (INSERT … SELECT from the events) and the leased deliveries come back as one JSON text.
 */
async function fanOut(deps: Pick<EngineDeps, 'db' | 'clock'>, scope: Behind, room: number, hooks: number): Promise<FanOut & { hooks: number; stuck: boolean }> {
  const ids = Array.from({ length: Math.max(room, hooks) }, newId);
  const events = Math.min(BATCH, Math.max(1, Math.floor(ids.length / Math.max(1, hooks))));
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + DELIVERY_LEASE_MS);
  // A webhook receives what is committed after its creation, of the types it subscribes to. With no webhook,
  // no event is read and the position skips to the log's end (every seq up to the committed counter is
  // committed). fanout_key is unique: even a position lost to a bug could not fan an event out to a webhook
  // twice. A position locked by another worker makes every part empty: the UPDATE's one-time filter keeps it
  // from waiting on that lock. The position is read as a scalar so that it bounds the index scan of events
  // (joined, it was a filter over the whole log).
  const [r] = await deps.db.$queryRaw<Array<{ locked: boolean; hooks: number; behind: bigint | null; stuck: boolean; created: number; claimed: string }>>`
    WITH pos AS (
      SELECT last_seq FROM webhook_dispatch_positions
      WHERE account_id = ${scope.account_id}::uuid AND environment = ${scope.environment}
      FOR UPDATE SKIP LOCKED),
    hooks AS (
      SELECT id, eventos, from_seq FROM webhooks
      WHERE account_id = ${scope.account_id}::uuid AND environment = ${scope.environment} AND deleted_at IS NULL),
    ev AS (
      SELECT id, seq, tipo, dados, created_at FROM events
      WHERE account_id = ${scope.account_id}::uuid AND environment = ${scope.environment} AND seq > (SELECT last_seq FROM pos)
        AND EXISTS (SELECT 1 FROM hooks)
      ORDER BY seq LIMIT ${events}),
    pairs AS (
      SELECT ev.id AS event_id, ev.seq, ev.tipo, ev.dados, ev.created_at, h.id AS webhook_id,
        row_number() OVER (ORDER BY ev.seq, h.id) AS ord
      FROM ev JOIN hooks h ON ev.seq > h.from_seq AND h.eventos @> jsonb_build_array(ev.tipo)),
    cut AS (
      SELECT coalesce(min(seq), (SELECT max(seq) + 1 FROM ev)) AS seq FROM pairs WHERE ord > ${ids.length}),
    ins AS (
      INSERT INTO webhook_deliveries (id, webhook_id, account_id, environment, event_id, tipo, dados, origem, fanout_key,
        status, attempts, next_attempt_at, locked_until, event_at, created_at)
      SELECT (${ids}::uuid[])[ord], webhook_id, ${scope.account_id}::uuid, ${scope.environment}, event_id, tipo, dados, 'evento',
        webhook_id::text || ':' || event_id::text, 'pendente', 0, ${now}, CASE WHEN ord <= ${room} THEN ${lease}::timestamptz END,
        created_at, ${now}
      FROM pairs WHERE seq < (SELECT seq FROM cut)
      ON CONFLICT (fanout_key) DO NOTHING
      RETURNING id, webhook_id, event_id, tipo, dados, attempts, first_attempt_at, locked_until),
    counter AS (
      SELECT last FROM event_counters WHERE account_id = ${scope.account_id}::uuid AND environment = ${scope.environment}),
    moved AS (
      UPDATE webhook_dispatch_positions
      SET last_seq = CASE WHEN NOT EXISTS (SELECT 1 FROM hooks) THEN (SELECT last FROM counter) ELSE (SELECT seq FROM cut) - 1 END
      WHERE account_id = ${scope.account_id}::uuid AND environment = ${scope.environment} AND EXISTS (SELECT 1 FROM pos)
        AND (NOT EXISTS (SELECT 1 FROM hooks) OR EXISTS (SELECT 1 FROM ev))
      RETURNING last_seq)
    SELECT EXISTS (SELECT 1 FROM pos) AS locked, (SELECT count(*) FROM hooks)::int AS hooks,
      (SELECT last FROM counter) - coalesce((SELECT last_seq FROM moved), (SELECT last_seq FROM pos)) AS behind,
      (SELECT seq FROM cut) = (SELECT min(seq) FROM ev) AS stuck,
      (SELECT count(*) FROM ins)::int AS created,
      (SELECT ${CLAIMED_JSON} FROM ins c LEFT JOIN webhooks w ON w.id = c.webhook_id AND w.deleted_at IS NULL
        WHERE c.locked_until IS NOT NULL) AS claimed`;
  // Another worker holds this account: it fans these events out.
  if (!r!.locked) return { created: 0, claimed: [], more: false, hooks, stuck: false };
  return { created: r!.created, claimed: parseClaimed(r!.claimed), more: (r!.behind ?? 0n) > 0n, hooks: r!.hooks, stuck: r!.stuck === true };
}
