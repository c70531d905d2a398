import type { ReadinessFollow } from '../engine-deps.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { assertReady, readinessOf } from './get-readiness.js';
import { recordReadiness } from './record-readiness.js';

/**
 * Readiness's side of EngineDeps.prontidao: a change to a company recorded with its event in the change's
 * transaction, and the issuance gate of the NFS-e path.
 */
export function readinessFollow(deps: Pick<TransmissionDeps, 'national' | 'secrets'>): ReadinessFollow {
  return {
    companyChanged: (tx, companyId, now) => recordReadiness(deps, tx, companyId, now),
    readinessOf,
    assertReady,
  };
}
