import type { ReadinessFollow } from '../engine-deps.js';
import { recordReadiness } from './record-readiness.js';

/** Readiness's side of a change to a company (EngineDeps.prontidao): the record and its event, in the change's transaction. */
export const readinessFollow: ReadinessFollow = {
  companyChanged: recordReadiness,
};
