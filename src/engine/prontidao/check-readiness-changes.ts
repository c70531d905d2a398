import type { Principal } from '../chaves/principal.js';
import type { TransmissionDeps } from '../transmissao/transmission-deps.js';
import { appendEvents } from '../eventos/append-events.js';
import { announceEvents } from '../eventos/events-topic.js';
import { HOUR } from '../nucleo/clock.js';
import { readinessOf } from './get-readiness.js';

export const READINESS_CHECK_EVERY = 6 * HOUR;
const JOB = 'prontidao_empresas';

/**
 * Every 6 hours (on the injectable clock, one job for all companies, whichever worker claims it)
 * the readiness of every production company is recomputed; when an item changed situation since the last
 * check, EMPRESA_PRONTIDAO_ALTERADA carries the readiness plus `alterados` = [{item, de, para}], written in the
 * same transaction as the new snapshot. The first check of a company only records it. Returns events written.
 */
export async function runReadinessCheckIfDue(deps: Pick<TransmissionDeps, 'db' | 'clock' | 'logger' | 'pubsub' | 'secrets' | 'national'>): Promise<number | null> {
  const now = deps.clock.now();
  await deps.db.scheduledJob.createMany({ data: [{ name: JOB, nextRunAt: now }], skipDuplicates: true });
  const { count } = await deps.db.scheduledJob.updateMany({
    where: { name: JOB, nextRunAt: { lte: now } },
    data: { nextRunAt: new Date(now.getTime() + READINESS_CHECK_EVERY) },
  });
  if (count === 0) return null;
  return checkReadinessChanges(deps);
}

export async function checkReadinessChanges(deps: Pick<TransmissionDeps, 'db' | 'clock' | 'logger' | 'pubsub' | 'secrets' | 'national'>): Promise<number> {
  const companies = await deps.db.company.findMany({ where: { deletedAt: null }, include: { certificate: true } });
  const snapshots = new Map((await deps.db.companyReadinessSnapshot.findMany()).map((s) => [s.companyId, s.situacoes as Record<string, string>]));
  let events = 0;
  for (const company of companies) {
    const principal: Principal = { accountId: company.accountId, environment: 'live', apiKeyId: 'prontidao', companyId: null };
    const readiness = await readinessOf(deps, principal, company);
    const situacoes = Object.fromEntries(readiness.itens.map((i) => [i.item, i.situacao]));
    const before = snapshots.get(company.id);
    const alterados = before
      ? readiness.itens.filter((i) => before[i.item] !== undefined && before[i.item] !== i.situacao).map((i) => ({ item: i.item, de: before[i.item]!, para: i.situacao }))
      : [];
    const now = deps.clock.now();
    await deps.db.$transaction(async (tx) => {
      await tx.companyReadinessSnapshot.upsert({
        where: { companyId: company.id },
        create: { companyId: company.id, situacoes, checkedAt: now },
        update: { situacoes, checkedAt: now },
      });
      if (alterados.length) {
        await appendEvents(tx, { accountId: company.accountId, environment: 'live', at: now, events: [{ tipo: 'EMPRESA_PRONTIDAO_ALTERADA', dados: { ...readiness, alterados } }] });
      }
    });
    if (alterados.length) {
      events++;
      await announceEvents(deps, company.accountId, 'live');
    }
  }
  deps.logger.info({ companies: companies.length, events }, 'readiness check done');
  return events;
}
