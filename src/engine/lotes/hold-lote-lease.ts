import type { EngineDeps } from '../engine-deps.js';
import { jobSettings } from '../fila/job-settings.js';
import { leaseFrom } from './lease-from.js';

/** A step found its batch's lease taken by another process (the generation changed): it stops and writes nothing. */
export class LoteLeaseLost extends Error {
  constructor(readonly loteId: string) {
    super(`batch ${loteId}: lease lost to another process`);
  }
}

/**
 * Renews a batch's lease every heartbeat (JOB_HEARTBEAT_SECONDS) while this process works on it: a step slower
 * than the lease keeps its batch, and a process that dies stops renewing, so a worker resumes the batch within
 * one lease. Only the generation this process holds is renewed; once the lease ended (the step cleared it) or
 * went to another process, the beat stops. The step's own writes are fenced by the generation, not by this.
 */
export function holdLoteLease(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'logger' | 'jobs'>,
  loteId: string,
  lease: number,
): { stop(): void } {
  let beating = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    deps.db.lote
      .updateMany({ where: { id: loteId, lease, lockedUntil: { not: null } }, data: { lockedUntil: leaseFrom(deps) } })
      .then(({ count }) => {
        if (count === 0) clearInterval(timer);
      })
      .catch((err: unknown) => deps.logger.error({ err, loteId }, 'batch lease renewal failed; the next beat retries'))
      .finally(() => (beating = false));
  }, jobSettings(deps).heartbeatMs);
  // A lease never keeps a process alive: one that exits stops renewing, which is what ends its leases.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
