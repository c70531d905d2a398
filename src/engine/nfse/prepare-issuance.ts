import type { EngineDeps } from '../engine-deps.js';
import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import { consultarParametrosDaEmpresa, type ParametrosDaEmpresaDeps } from '../municipios/consultar-parametros-da-empresa.js';
import { parametrosMunicipio } from '../tabelas/index.js';
import type { ParametrosMunicipio } from '../tabelas/parametros-municipio.js';
import { competenciaDe } from './ajustes/competencia-de.js';
import { findCompany } from '../empresas/find-company.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { readinessOf, type Readiness } from '../prontidao/get-readiness.js';
import { companyContext } from './company-context.js';
import { validateNfseRequest, type ValidationResult } from './validacao/index.js';

export interface PreparedIssuance {
  company: CompanyWithCertificate | null;
  validation: ValidationResult;
  readiness: Readiness | null;
  /** The company municipality's parameters (the national API, its cache or the offline data): they choose its issuing system. */
  municipal: ParametrosMunicipio | null;
}

/**
 * What issuance and `validacoes` share: the company (from `empresa_id` or the key's restriction), every
 * validation error of the body, the adjustments and the readiness. Writes nothing.
 */
export async function prepareIssuance(
  deps: ParametrosDaEmpresaDeps & Pick<EngineDeps, 'sql'>,
  principal: Principal,
  body: unknown,
): Promise<PreparedIssuance> {
  const requested = isObject(body) && typeof body.empresa_id === 'string' ? body.empresa_id : null;
  if (requested) assertCompanyAllowed(principal, requested);
  const companyId = requested ?? principal.companyId;
  const company = companyId ? await findCompany(deps, principal, companyId) : null;
  const now = deps.clock.now();
  // The ISS-rate rule is pure: the parameters of every municipality the note may involve are asked first.
  const [parametros, readiness] = company
    ? await Promise.all([parametrosDaNota(deps, principal, company, body, now), readinessOf(deps, principal, company)])
    : [null, null];
  const validation = validateNfseRequest(body, {
    empresa: company ? companyContext(company) : null,
    chaveRestritaEmpresa: principal.companyId !== null,
    now,
    ...(parametros && { parametros: (ibge: string) => parametros.get(ibge) ?? parametrosMunicipio(ibge) }),
  });
  const municipal = company ? (parametros?.get(company.municipio) ?? parametrosMunicipio(company.municipio)) : null;
  return { company, validation, readiness, municipal };
}

/**
 * The municipalities a body names (provider's, place of service, obra, taker's), its competence (or the current
 * month) and its service code (or the company default), read loosely: validation reports what is wrong with them.
 */
function parametrosDaNota(deps: ParametrosDaEmpresaDeps, principal: Principal, company: CompanyWithCertificate, body: unknown, now: Date) {
  const b = isObject(body) ? body : {};
  const servico = isObject(b.servico) ? b.servico : {};
  const tomador = isObject(b.tomador) ? b.tomador : {};
  const texto = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const padrao = (company.padroes as Record<string, unknown> | null)?.codigo_nacional;
  const competencia = /^\d{4}-(0[1-9]|1[0-2])$/.test(texto(b.competencia)) ? texto(b.competencia) : competenciaDe(now);
  return consultarParametrosDaEmpresa(deps, principal.environment, company, {
    municipios: [
      company.municipio,
      texto(servico.municipio_prestacao),
      texto(isObject(servico.obra) ? servico.obra.municipio : ''),
      texto(isObject(tomador.endereco) ? tomador.endereco.municipio : ''),
    ],
    competencia,
    codigosServico: [texto(servico.codigo_nacional) || texto(padrao)],
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
