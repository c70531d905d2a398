import type { TransmissionDeps } from '../transmission-deps.js';
import { announceEvents } from '../eventos/events-topic.js';
import { HOUR, MINUTE } from '../nucleo/clock.js';
import { newId } from '../nucleo/new-id.js';
import { runScheduledIfDue } from '../nucleo/scheduled-run.js';
import { recordReadiness } from './record-readiness.js';

export const READINESS_CHECK_EVERY = 6 * HOUR;
/** The readiness check's row in scheduled_jobs (the scheduler runs checkReadinessChanges under it). */
export const READINESS_JOB = 'prontidao_empresas';

/**
 * Every 6 hours (on the injectable clock, one job for all companies, whichever process holds its run)
 * the readiness of every production company is recomputed and recorded (recordReadiness): an item that changed
 * situation since the last record gives EMPRESA_PRONTIDAO_ALTERADA. An update of the company's settings is recorded
 * as it commits (updateCompany, through EngineDeps.prontidao); this check finds what time and the other changes
 * did. Returns events written, or null when the check was not due.
 */
export async function runReadinessCheckIfDue(
  deps: Pick<TransmissionDeps, 'db' | 'clock' | 'logger' | 'pubsub' | 'secrets' | 'national'>,
): Promise<number | null> {
  const run = { name: READINESS_JOB, everyMs: READINESS_CHECK_EVERY, owner: newId(), leaseMs: 10 * MINUTE };
  return runScheduledIfDue(deps, run, () => checkReadinessChanges(deps));
}

export async function checkReadinessChanges(
  deps: Pick<TransmissionDeps, 'db' | 'clock' | 'logger' | 'pubsub' | 'secrets' | 'national'>,
): Promise<number> {
  const companies = await deps.db.company.findMany({
    where: { deletedAt: null },
    select: { id: true, accountId: true },
  });
  let events = 0;
  for (const company of companies) {
    const now = deps.clock.now();
    if (await deps.db.$transaction((tx) => recordReadiness(deps, tx, company.id, now))) {
      events++;
      await announceEvents(deps, company.accountId, 'live');
    }
  }
  deps.logger.info({ companies: companies.length, events }, 'readiness check done');
  return events;
}
