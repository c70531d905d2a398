import type { EngineDeps, Readiness } from '../engine-deps.js';
import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import { queryParametrosDaEmpresa, type ParametrosDaEmpresaDeps } from '../municipios/query-parametros-da-empresa.js';
import { parametrosMunicipio } from '../tabelas/index.js';
import type { ParametrosMunicipio } from '../tabelas/parametros-municipio.js';
import { findCompany } from '../empresas/find-company.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { companyContext } from './company-context.js';
import { municipiosDaNota } from './municipios-da-nota.js';
import { bodyIssues } from '../nucleo/read-body.js';
import { nfseBody } from './nfse-body.js';
import { checkNfseBody, type ValidationResult } from './validacao/index.js';

export interface PreparedIssuance {
  company: CompanyWithCertificate | null;
  validation: ValidationResult;
  readiness: Readiness | null;
  /** The company municipality's parameters (the national API, its cache or the offline data): they choose its issuing system. */
  municipal: ParametrosMunicipio | null;
}

/**
 * What issuance and `validacoes` share: the company (from `empresa_id` or the key's restriction), every
 * validation error of the body (read once, by `nfseBody`), the adjustments and the readiness. Writes nothing.
 * `body` is the request in its declared (camelCase) shape.
 */
export async function prepareIssuance(
  deps: ParametrosDaEmpresaDeps & Pick<EngineDeps, 'sql' | 'prontidao'>,
  principal: Principal,
  body: unknown,
): Promise<PreparedIssuance> {
  const read = bodyIssues(nfseBody, body);
  const sent = isObject(read.value) ? read.value : {};
  const requested = typeof sent.empresaId === 'string' && sent.empresaId ? sent.empresaId : null;
  if (requested) assertCompanyAllowed(principal, requested);
  const companyId = requested ?? principal.companyId;
  const company = companyId ? await findCompany(deps, principal, companyId) : null;
  const now = deps.clock.now();
  // The ISS-rate rule is pure: the parameters of every municipality the note may involve are asked first.
  const [parametros, readiness] = company
    ? await Promise.all([
        parametrosDaNota(deps, principal, company, sent, now),
        deps.prontidao.readinessOf(deps, principal, company),
      ])
    : [null, null];
  const validation = checkNfseBody(read, {
    empresa: company ? companyContext(company) : null,
    chaveRestritaEmpresa: principal.companyId !== null,
    now,
    ...(parametros && { parametros: (ibge: string) => parametros.get(ibge) ?? parametrosMunicipio(ibge) }),
  });
  const municipal = company ? (parametros?.get(company.municipio) ?? parametrosMunicipio(company.municipio)) : null;
  return { company, validation, readiness, municipal };
}

/** The parameters of the municipalities a request names, for its competence and service code. */
function parametrosDaNota(
  deps: ParametrosDaEmpresaDeps,
  principal: Principal,
  company: CompanyWithCertificate,
  body: Record<string, unknown>,
  now: Date,
) {
  const nota = municipiosDaNota(body, company, now);
  return queryParametrosDaEmpresa(deps, principal.environment, company, {
    municipios: nota.municipios,
    competencia: nota.competencia,
    codigosServico: [nota.codigoServico],
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
