import type { Prisma } from '../../generated/prisma/client.js';
import type { Environment } from '../auth/api-key-format.js';
import { newId } from '../kernel/ids.js';

export type Tx = Prisma.TransactionClient;

export interface AppendEventOptions {
  accountId: string;
  environment: Environment;
  tipo: string;
  dados: unknown;
  at: Date;
}

/**
 * Writes one event of the log (spec 6.5), inside the caller's transaction: the state change and its event
 * commit together or not at all (the log is the outbox). The per-account counter row stays locked until
 * commit, so `seq` order is commit order and a reader following `apos` never skips an event committed late.
 * Counter and event are one statement, the caller's last before COMMIT: the lock that serialises the account's
 * events is held for that statement and the commit only, not across round trips.
 */
export async function appendEvent(tx: Tx, options: AppendEventOptions): Promise<{ id: string; seq: bigint }> {
  const id = newId();
  const [row] = await tx.$queryRaw<Array<{ seq: bigint }>>`
    WITH counter AS (
      INSERT INTO event_counters (account_id, environment, last) VALUES (${options.accountId}::uuid, ${options.environment}, 1)
      ON CONFLICT (account_id, environment) DO UPDATE SET last = event_counters.last + 1
      RETURNING last)
    INSERT INTO events (id, account_id, environment, seq, tipo, dados, created_at)
    SELECT ${id}::uuid, ${options.accountId}::uuid, ${options.environment}, counter.last, ${options.tipo}, ${JSON.stringify(options.dados)}::jsonb, ${options.at}
    FROM counter
    RETURNING seq`;
  return { id, seq: row!.seq };
}
