import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { usageCycle } from './usage-cycle.js';

/**
 * Counts one authenticated /v1 request in the current cycle. A single atomic upsert (INSERT … ON CONFLICT DO
 * UPDATE), so concurrent requests of many processes all count.
 */
export async function recordRequest(deps: Pick<EngineDeps, 'db' | 'clock'>, principal: Principal): Promise<void> {
  const { ciclo } = usageCycle(deps.clock.now());
  await deps.db.usageCounter.upsert({
    where: { accountId_environment_ciclo: { accountId: principal.accountId, environment: principal.environment, ciclo } },
    create: { accountId: principal.accountId, environment: principal.environment, ciclo, requisicoes: 1n },
    update: { requisicoes: { increment: 1n } },
  });
}
