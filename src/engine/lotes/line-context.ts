import type { CompanyWithCertificate } from '../empresas/present-company.js';
import type { Environment } from '../nucleo/environment.js';
import { companyContext } from '../nfse/company-context.js';
import type { ParametrosDaEmpresaDeps } from '../municipios/query-parametros-da-empresa.js';
import { parametrosDoLote, type LinhasIguais } from './parametros-do-lote.js';
import type { LineContext } from './validate-line.js';

/**
 * What every validation of a batch's lines reads — at creation, at issue time and on reprocessing — so a line is
 * judged by the same company data and municipal parameters each time (the API answers come from the cache).
 */
export async function lineContext(
  deps: ParametrosDaEmpresaDeps,
  environment: Environment,
  company: CompanyWithCertificate,
  lines: Iterable<LinhasIguais>,
): Promise<LineContext> {
  const now = deps.clock.now();
  const parametros = await parametrosDoLote(deps, environment, company, lines, now);
  return { companyId: company.id, empresa: companyContext(company), now, parametros };
}
