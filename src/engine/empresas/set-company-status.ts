import type { Principal } from '../chaves/principal.js';
import { assertLiveKey } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { findCompany } from './find-company.js';
import { companyTopic } from './company-topic.js';
import { presentCompany } from './present-company.js';

/** Pause (`pausada`: issuance refused by readiness) or resume (`ativa`) a company. Idempotent. */
export async function setCompanyStatus(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock' | 'pubsub'>,
  principal: Principal,
  options: { id: string; status: 'ativa' | 'pausada' },
) {
  assertLiveKey(principal, options.status === 'pausada' ? 'Pausar empresas' : 'Retomar empresas');
  const company = await findCompany(deps, principal, options.id);
  if (company.status === options.status) return presentCompany(company);
  const updated = await deps.db.company.update({
    where: { id: company.id },
    data: { status: options.status, updatedAt: deps.clock.now() },
    include: { certificate: true },
  });
  await deps.pubsub.publish(companyTopic(company.id), { id: company.id });
  return presentCompany(updated);
}
