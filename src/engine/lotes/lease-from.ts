import type { EngineDeps } from '../engine-deps.js';

/**
 * Validation and note creation of a batch run under a lease (`lotes.locked_until`): non-null means work is
 * pending. A process that dies leaves it to expire, and a worker resumes the batch from the database
 * (resume-lotes.ts). Same length as a transmission job's lease.
 */
export const LOTE_LEASE_MS = 120_000;

export const leaseFrom = (deps: Pick<EngineDeps, 'clock'>): Date =>
  new Date(deps.clock.now().getTime() + LOTE_LEASE_MS);
