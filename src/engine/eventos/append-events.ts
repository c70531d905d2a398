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
  const n = options.events.length;
  if (n === 0) return [];
  const rows = options.events.map((e) => ({ id: newId(), tipo: e.tipo, dados: e.dados }));
  const written = await tx.$queryRaw<Array<{ id: string; seq: bigint }>>`
    WITH counter AS (
      INSERT INTO event_counters (account_id, environment, last) VALUES (${options.accountId}::uuid, ${options.environment}, ${n})
      ON CONFLICT (account_id, environment) DO UPDATE SET last = event_counters.last + ${n}
      RETURNING last)
    INSERT INTO events (id, account_id, environment, seq, tipo, dados, created_at)
    SELECT (e.value->>'id')::uuid, ${options.accountId}::uuid, ${options.environment}, counter.last - ${n} + e.ord, e.value->>'tipo', e.value->'dados', ${options.at}
    FROM counter, jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS e(value, ord)
    RETURNING id, seq`;
  return written.sort((a, b) => (a.seq < b.seq ? -1 : 1));
}
