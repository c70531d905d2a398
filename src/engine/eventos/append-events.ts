import type { Prisma } from '../../generated/prisma/client.js';
import type { Environment } from '../nucleo/environment.js';
import { newId } from '../nucleo/new-id.js';

export type Tx = Prisma.TransactionClient;

export interface NewEvent {
  tipo: string;
  dados: unknown;
}

export interface AppendEventsOptions {
  accountId: string;
  environment: Environment;
  at: Date;
  /** One or many (a captured page, a chunk of notes): in this order, with consecutive seq numbers. */
  events: NewEvent[];
}

/**
 * Writes events of the log inside the caller's transaction: the state change and its events commit
 * together or not at all (the log is the outbox). One statement takes `n` numbers from the per-account counter
 * and inserts the events in order, so many events cost one round trip like one. The counter row stays locked
 * until commit, so `seq` order is commit order and a reader following `apos` never skips an event committed
 * late; being the caller's last statement before COMMIT, the lock is held for that statement and the commit only.
 */
export async function appendEvents(tx: Tx, options: AppendEventsOptions): Promise<Array<{ id: string; seq: bigint }>> {
  if (options.events.length === 0) return [];
  const rows = options.events.map((e) => ({ id: newId(), tipo: e.tipo, dados: e.dados }));
  const written = await tx.$queryRawUnsafe<Array<{ id: string; seq: bigint }>>(
    APPEND_EVENTS,
    options.accountId,
    options.environment,
    options.at.toISOString(),
    JSON.stringify(rows),
  );
  return written.sort((a, b) => (a.seq < b.seq ? -1 : 1));
}

export interface AppendedEventsSql {
  /**
   * A query of the caller's statement giving the events to write, in columns `id uuid, tipo text, dados jsonb,
   * ord bigint` (`ord` orders them); it may read the statement's other CTEs, so a statement that changes state
   * writes the events of the rows it changed and no others.
   */
  source: string;
  /** SQL expressions of the caller's statement (usually parameters with their casts). */
  accountId: string;
  environment: string;
  at: string;
}

/**
 * The CTEs that append events inside one statement of the caller's (`WITH <caller's CTEs>, <these> SELECT …`),
 * for a state change whose whole write is one autocommit statement: the change and its events are atomic without
 * BEGIN/COMMIT. The same numbering as appendEvents, which is built on it: the source's events take consecutive
 * numbers from the account's counter in `ord` order, the counter row locked until the statement's COMMIT (or its
 * transaction's). `appended_events` returns each event's `id` and `seq`. Names the CTEs `event_source`,
 * `event_counter` and `appended_events`. Each event's `company_id` is what the database's `event_company` reads in
 * its `dados` (`empresa_id` or `empresaId`): the one rule of which company an event is about, for every writer.
 */
export function appendedEventsSql(p: AppendedEventsSql): string {
  return `
  event_source AS (${p.source}),
  event_counter AS (
    INSERT INTO event_counters (account_id, environment, last)
    SELECT ${p.accountId}, ${p.environment}, count(*) FROM event_source HAVING count(*) > 0
    ON CONFLICT (account_id, environment) DO UPDATE SET last = event_counters.last + EXCLUDED.last
    RETURNING last),
  appended_events AS (
    INSERT INTO events (id, account_id, environment, seq, tipo, dados, company_id, created_at)
    SELECT s.id, ${p.accountId}, ${p.environment},
      event_counter.last - (SELECT count(*) FROM event_source) + row_number() OVER (ORDER BY s.ord), s.tipo, s.dados,
      event_company(s.dados), ${p.at}
    FROM event_counter, event_source s
    RETURNING id, seq)`;
}

// $1 account, $2 environment, $3 the time, $4 the events (id, tipo, dados) in order.
const APPEND_EVENTS = `
  WITH ${appendedEventsSql({
    source: `SELECT (e.value->>'id')::uuid AS id, e.value->>'tipo' AS tipo, e.value->'dados' AS dados, e.ord
      FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS e(value, ord)`,
    accountId: '$1::uuid',
    environment: '$2::"Environment"',
    at: '$3::timestamptz',
  })}
  SELECT id::text AS id, seq FROM appended_events`;
