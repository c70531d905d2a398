import type { EngineDeps } from '../engine-deps.js';
import { jobSettings } from '../fila/job-settings.js';

/**
 * A batch being received (`recebendo`) is one request's upload, its lease renewed by each stored chunk: the sweep
 * discards one whose lease ran out this long after its last chunk (its process died, or its client stalled).
 */
export const LOTE_RECEIVING_LEASE_MS = 120_000;

/**
 * Validation and note creation of a batch run under a lease (`lotes.locked_until`, `lotes.lease`): non-null means
 * work is pending. Its holder renews it while the step runs (hold-lote-lease.ts), so it is as short as a
 * transmission job's lease: a process that dies leaves it to expire within one lease, and a worker resumes the
 * batch from the database (resume-lotes.ts).
 */
export const leaseFrom = (deps: Pick<EngineDeps, 'clock' | 'jobs'>, ms = jobSettings(deps).leaseMs): Date =>
  new Date(deps.clock.now().getTime() + ms);
