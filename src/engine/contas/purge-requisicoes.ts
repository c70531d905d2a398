import type { EngineDeps } from '../engine-deps.js';
import { DAY } from '../nucleo/clock.js';
import { type ChunkOptions, deleteInChunks } from '../nucleo/delete-in-chunks.js';

/** The API call log is kept 30 days (the interface's limits), by the injectable clock. */
export const REQUEST_LOG_RETENTION = 30 * DAY;

/** Deletes request log lines older than the 30-day retention, in chunks; run by the scheduler beside purgeEvents. */
export async function purgeRequisicoes(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  options: ChunkOptions = {},
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - REQUEST_LOG_RETENTION);
  return deleteInChunks(deps, { table: 'request_log', column: 'created_at', cutoff }, options);
}
