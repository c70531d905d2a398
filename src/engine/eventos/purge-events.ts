import type { EngineDeps } from '../engine-deps.js';
import { DAY } from '../nucleo/clock.js';

export const EVENT_RETENTION = 90 * DAY;

/** Deletes events older than the 90-day retention; run by the housekeeping job. */
export async function purgeEvents(deps: Pick<EngineDeps, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - EVENT_RETENTION);
  const { count } = await deps.db.event.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}
