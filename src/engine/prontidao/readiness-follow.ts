import type { ReadinessFollow } from '../engine-deps.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { recordReadiness } from './record-readiness.js';

/** Readiness's side of a change to a company (EngineDeps.prontidao): the record and its event, in the change's transaction. */
export function readinessFollow(deps: Pick<TransmissionDeps, 'national' | 'secrets'>): ReadinessFollow {
  return { companyChanged: (tx, companyId, now) => recordReadiness(deps, tx, companyId, now) };
}
