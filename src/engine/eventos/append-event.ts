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
 */
export async function appendEvent(tx: Tx, options: AppendEventOptions): Promise<{ id: string; seq: bigint }> {
  const [counter] = await tx.$queryRaw<Array<{ last: bigint }>>`
    INSERT INTO event_counters (account_id, environment, last) VALUES (${options.accountId}::uuid, ${options.environment}, 1)
    ON CONFLICT (account_id, environment) DO UPDATE SET last = event_counters.last + 1
    RETURNING last`;
  const id = newId();
  await tx.event.create({
    data: {
      id,
      accountId: options.accountId,
      environment: options.environment,
      seq: counter!.last,
      tipo: options.tipo,
      dados: options.dados as object,
      createdAt: options.at,
    },
  });
  return { id, seq: counter!.last };
}
