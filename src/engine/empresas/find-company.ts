import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed, companyWhere } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import type { CompanyWithCertificate } from './present-company.js';

/** Looks a company up inside the caller's account; another company of a restricted key is 403. */
export async function findCompany(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  id: string,
  notFound: 'nao_encontrado' | 'empresa_nao_encontrada' = 'nao_encontrado',
): Promise<CompanyWithCertificate> {
  if (isUuid(id)) assertCompanyAllowed(principal, id);
  const company = isUuid(id)
    ? await deps.db.company.findFirst({ where: companyWhere(principal, id), include: { certificate: true } })
    : null;
  if (!company) {
    throw new EngineError(notFound, `Empresa ${id} não encontrada nesta conta.`, {
      campo: notFound === 'empresa_nao_encontrada' ? '/empresa_id' : null,
      correcao: 'Use o id retornado por GET /v1/companies.',
    });
  }
  return company;
}
