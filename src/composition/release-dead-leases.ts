import type { SqlRunner } from '../db/sql-runner.js';

/**
 * Every lease the database holds, ended. Only for an embedded database this process has just locked: PGlite serves
 * one process (DATA_DIR/LOCK), so whatever still holds a lease there is a process that died — waiting for those
 * leases to run out would only delay its jobs, batches, deliveries and e-mails. Fencing stays whole: the next claim
 * of each row moves its generation (`lease`) as every claim does, and the dead process writes nothing any more.
 */
export async function releaseDeadLeases(sql: SqlRunner): Promise<void> {
  // Earlier than any clock's now (a test clock may run ahead or behind): each row is due at its next claim.
  const past = "'1970-01-01T00:00:00Z'::timestamptz";
  await sql.exec(`
    UPDATE transmission_jobs SET locked_until = ${past} WHERE locked_until > ${past};
    UPDATE lotes SET locked_until = ${past} WHERE locked_until > ${past};
    UPDATE webhook_deliveries SET locked_until = ${past} WHERE locked_until > ${past};
    UPDATE nfse_email_jobs SET locked_until = ${past} WHERE locked_until > ${past};
    UPDATE webhook_inflight SET leased_until = ${past} WHERE leased_until > ${past};
    UPDATE capture_states SET locked_until = ${past} WHERE locked_until > ${past};
    UPDATE scheduled_jobs SET lease_until = ${past} WHERE lease_until > ${past};`);
}
