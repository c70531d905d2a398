import type { Principal } from '../chaves/principal.js';
import { assertLiveKey } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { companyTopic } from './company-topic.js';
import { findCompany } from './find-company.js';

/** `DELETE /v1/companies/{id}/logo`: the PDFs are drawn without a logo again; removing none is not an error. */
export async function deleteCompanyLogo(deps: EngineDeps, principal: Principal, options: { id: string }) {
  assertLiveKey(principal, 'Alterar o logotipo da empresa');
  const company = await findCompany(deps, principal, options.id);
  await deps.db.companyLogo.deleteMany({ where: { companyId: company.id } });
  await deps.pubsub.publish(companyTopic(company.id), { id: company.id });
  return { id: company.id };
}
