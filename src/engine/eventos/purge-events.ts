import type { EngineDeps } from '../engine-deps.js';
import { DAY } from '../nucleo/clock.js';
import { type ChunkOptions, deleteInChunks } from '../nucleo/delete-in-chunks.js';

export const EVENT_RETENTION = 90 * DAY;

/** Deletes events older than the 90-day retention, in chunks; run by the scheduler's purge job. */
export async function purgeEvents(deps: Pick<EngineDeps, 'db' | 'clock'>, options: ChunkOptions = {}): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - EVENT_RETENTION);
  return deleteInChunks(deps, { table: 'events', column: 'created_at', cutoff }, options);
}
