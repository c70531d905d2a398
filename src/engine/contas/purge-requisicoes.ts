import type { EngineDeps } from '../engine-deps.js';
import { DAY } from '../nucleo/clock.js';

/** The API call log is kept 30 days (the interface's limits), by the injectable clock. */
export const REQUEST_LOG_RETENTION = 30 * DAY;

/** Deletes request log lines older than the 30-day retention; run by the housekeeping job beside purgeEvents. */
export async function purgeRequisicoes(deps: Pick<EngineDeps, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - REQUEST_LOG_RETENTION);
  const { count } = await deps.db.requestLogLine.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}
