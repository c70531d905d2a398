import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { findCompany } from '../empresas/find-company.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { readinessOf, type Readiness } from '../prontidao/get-readiness.js';
import { companyContext } from './company-context.js';
import { validateNfseRequest, type ValidationResult } from './validacao/index.js';

export interface PreparedIssuance {
  company: CompanyWithCertificate | null;
  validation: ValidationResult;
  readiness: Readiness | null;
}

/**
 * What issuance and `validacoes` share: the company (from `empresa_id` or the key's restriction), every
 * validation error of the body, the adjustments and the readiness. Writes nothing.
 */
export async function prepareIssuance(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock'>,
  principal: Principal,
  body: unknown,
): Promise<PreparedIssuance> {
  const requested = isObject(body) && typeof body.empresa_id === 'string' ? body.empresa_id : null;
  if (requested) assertCompanyAllowed(principal, requested);
  const companyId = requested ?? principal.companyId;
  const company = companyId ? await findCompany(deps, principal, companyId) : null;
  const validation = validateNfseRequest(body, {
    empresa: company ? companyContext(company) : null,
    chaveRestritaEmpresa: principal.companyId !== null,
    now: deps.clock.now(),
  });
  const readiness = company ? await readinessOf(deps, principal, company) : null;
  return { company, validation, readiness };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
