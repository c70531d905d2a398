import type { Environment } from '../auth/api-key-format.js';
import { newId } from '../kernel/ids.js';
import type { Tx } from './append-event.js';

export interface BatchEvent {
  tipo: string;
  dados: unknown;
}

/**
 * `appendEvent` for many events of one account at once (a captured page): one statement takes `n` numbers
 * from the counter and inserts the events in order, so a page of 50 documents costs one round trip, with the
 * same guarantee (the counter row stays locked until commit; seq order is commit order).
 */
export async function appendEvents(
  tx: Tx,
  options: { accountId: string; environment: Environment; at: Date; events: BatchEvent[] },
): Promise<string[]> {
  const n = options.events.length;
  if (n === 0) return [];
  const rows = options.events.map((e) => ({ id: newId(), tipo: e.tipo, dados: e.dados }));
  await tx.$executeRaw`
    WITH counter AS (
      INSERT INTO event_counters (account_id, environment, last) VALUES (${options.accountId}::uuid, ${options.environment}, ${n})
      ON CONFLICT (account_id, environment) DO UPDATE SET last = event_counters.last + ${n}
      RETURNING last)
    INSERT INTO events (id, account_id, environment, seq, tipo, dados, created_at)
    SELECT (e.value->>'id')::uuid, ${options.accountId}::uuid, ${options.environment}, counter.last - ${n} + e.ord, e.value->>'tipo', e.value->'dados', ${options.at}
    FROM counter, jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS e(value, ord)`;
  return rows.map((r) => r.id);
}
