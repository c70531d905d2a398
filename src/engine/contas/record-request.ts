import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { usageCycle } from './usage-cycle.js';

/**
 * Counts one authenticated /v1 request in the current cycle. A single atomic upsert (INSERT … ON CONFLICT DO
 * UPDATE), so concurrent requests of many processes all count; every request runs it, so it is a named statement
 * (EngineDeps.sql).
 */
export async function recordRequest(deps: Pick<EngineDeps, 'sql' | 'clock'>, principal: Principal): Promise<void> {
  const { ciclo } = usageCycle(deps.clock.now());
  await deps.sql('usage_count_request', COUNT_REQUEST, [principal.accountId, principal.environment, ciclo]);
}

const COUNT_REQUEST = `
  INSERT INTO usage_counters (account_id, environment, ciclo, requisicoes) VALUES ($1::uuid, $2, $3, 1)
  ON CONFLICT (account_id, environment, ciclo) DO UPDATE SET requisicoes = usage_counters.requisicoes + 1`;
