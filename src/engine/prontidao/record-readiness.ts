import type { Principal } from '../chaves/principal.js';
import { appendEvents, type Tx } from '../eventos/append-events.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { readinessOf } from './get-readiness.js';

/**
 * Brings a company's recorded readiness (production, where EMPRESA_PRONTIDAO_ALTERADA is sent) up to date inside
 * the caller's transaction: the company row is locked first, so the 6-hour check and a change to the company
 * are serialised and one change is announced once. When an item changed situation since the last record, the
 * event carries the readiness plus `alterados` = [{item, de, para}]; a company never recorded is only recorded.
 * An item the last record does not hold (a check this version added) counts as `ok` before: the company issued
 * without it, so an item that now warns or blocks is announced rather than silently recorded.
 * Returns whether an event was written (the caller announces it after commit). A removed company is skipped.
 * The municipal parameters come from their cache or, at most a few seconds, from the parameters API.
 */
export async function recordReadiness(
  deps: Pick<TransmissionDeps, 'national' | 'secrets'>,
  tx: Tx,
  companyId: string,
  now: Date,
): Promise<boolean> {
  await tx.$queryRaw`SELECT id FROM companies WHERE id = ${companyId}::uuid FOR UPDATE`;
  const company = await tx.company.findFirst({
    where: { id: companyId, deletedAt: null },
    include: { certificate: true },
  });
  if (!company) return false;
  const principal: Principal = {
    accountId: company.accountId,
    environment: 'live',
    apiKeyId: 'prontidao',
    companyId: null,
  };
  const readiness = await readinessOf(
    { db: tx, clock: { now: () => now }, national: deps.national, secrets: deps.secrets },
    principal,
    company,
  );
  const situacoes = Object.fromEntries(readiness.itens.map((i) => [i.item, i.situacao]));
  const snapshot = await tx.companyReadinessSnapshot.findUnique({ where: { companyId } });
  const before = snapshot?.situacoes as Record<string, string> | undefined;
  const alterados = before
    ? readiness.itens
        .map((i) => ({ item: i.item, de: before[i.item] ?? 'ok', para: i.situacao }))
        .filter((change) => change.de !== change.para)
    : [];
  await tx.companyReadinessSnapshot.upsert({
    where: { companyId },
    create: { companyId, situacoes, checkedAt: now },
    update: { situacoes, checkedAt: now },
  });
  if (alterados.length === 0) return false;
  await appendEvents(tx, {
    accountId: company.accountId,
    environment: 'live',
    at: now,
    events: [{ tipo: 'EMPRESA_PRONTIDAO_ALTERADA', dados: { ...readiness, alterados } }],
  });
  return true;
}
