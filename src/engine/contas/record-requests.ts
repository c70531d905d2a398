import { Prisma } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';

/** Accepted /v1 requests of one account, environment and usage cycle (`usageCycle`), not yet counted. */
export interface RequestCount {
  accountId: string;
  environment: string;
  ciclo: string;
  n: number;
}

/**
 * Adds the requests counted in memory to their cycle's counters in one statement (INSERT … ON CONFLICT DO UPDATE),
 * so the counts of many processes all add up. `GET /v1/usage` reads these counters.
 */
export async function recordRequests(deps: Pick<EngineDeps, 'db'>, counts: readonly RequestCount[]): Promise<void> {
  if (counts.length === 0) return;
  const rows = counts.map((c) => Prisma.sql`(${c.accountId}::uuid, ${c.environment}, ${c.ciclo}, ${BigInt(c.n)})`);
  await deps.db.$executeRaw`
    INSERT INTO usage_counters (account_id, environment, ciclo, requisicoes) VALUES ${Prisma.join(rows)}
    ON CONFLICT (account_id, environment, ciclo) DO UPDATE SET requisicoes = usage_counters.requisicoes + EXCLUDED.requisicoes`;
}
