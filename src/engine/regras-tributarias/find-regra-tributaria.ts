import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findCompany } from '../empresas/find-company.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';

export const regraScope = (principal: Principal, companyId: string) => ({
  accountId: principal.accountId,
  environment: principal.environment,
  companyId,
});

/**
 * A rule of the company in the key's account and environment; the company is checked first (403/404 as on the
 * company routes). A rule of another company, account or environment is not found.
 */
export async function findRegraTributaria(
  deps: Pick<EngineDeps, 'db' | 'sql'>,
  principal: Principal,
  options: { empresaId: string; id: string },
) {
  const company = await findCompany(deps, principal, options.empresaId);
  const row = isUuid(options.id)
    ? await deps.db.regraTributaria.findFirst({ where: { ...regraScope(principal, company.id), id: options.id } })
    : null;
  if (!row) {
    throw new EngineError(
      'regra_tributaria_nao_encontrada',
      `Regra tributária ${options.id} não encontrada nesta empresa e ambiente.`,
      { correcao: `Confira o id em GET /v1/companies/${company.id}/regras-tributarias (cada ambiente tem as suas).` },
    );
  }
  return row;
}
