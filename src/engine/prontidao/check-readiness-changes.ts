import type { TransmissionDeps } from '../transmission-deps.js';
import { announceEvents } from '../eventos/events-topic.js';
import { HOUR } from '../nucleo/clock.js';
import { recordReadiness } from './record-readiness.js';

export const READINESS_CHECK_EVERY = 6 * HOUR;
const JOB = 'prontidao_empresas';

/**
 * Every 6 hours (on the injectable clock, one job for all companies, whichever worker claims it)
 * the readiness of every production company is recomputed and recorded (recordReadiness): an item that changed
 * situation since the last record gives EMPRESA_PRONTIDAO_ALTERADA. An update of the company's settings is recorded
 * as it commits (updateCompany, through EngineDeps.prontidao); this check finds what time and the other changes
 * did. Returns events written.
 */
export async function runReadinessCheckIfDue(
  deps: Pick<TransmissionDeps, 'db' | 'clock' | 'logger' | 'pubsub' | 'secrets' | 'national'>,
): Promise<number | null> {
  const now = deps.clock.now();
  await deps.db.scheduledJob.createMany({ data: [{ name: JOB, nextRunAt: now }], skipDuplicates: true });
  const { count } = await deps.db.scheduledJob.updateMany({
    where: { name: JOB, nextRunAt: { lte: now } },
    data: { nextRunAt: new Date(now.getTime() + READINESS_CHECK_EVERY) },
  });
  if (count === 0) return null;
  return checkReadinessChanges(deps);
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
