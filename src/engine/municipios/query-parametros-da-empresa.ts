import type { Tx } from '../eventos/append-events.js';
import type { Environment } from '../nucleo/environment.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { queryParametros, type ParametrosConsultados } from './query-parametros.js';

/** db may be a transaction's client: readiness is recorded inside the transaction that changes a company. */
export type ParametrosDaEmpresaDeps = Pick<TransmissionDeps, 'clock' | 'national' | 'secrets'> & { db: Tx };

/**
 * The parameters of municipalities a company's note involves, asked with the company's A1 where a real ADN needs
 * mutual TLS (a company without a certificate gets the cache and the offline data).
 */
export async function queryParametrosDaEmpresa(
  deps: ParametrosDaEmpresaDeps,
  environment: Environment,
  company: CompanyWithCertificate,
  options: { municipios: readonly string[]; competencia: string; codigosServico: readonly string[] },
): Promise<Map<string, ParametrosConsultados>> {
  const credentials =
    deps.national.parametrosRemotos(environment) && company.certificate
      ? (await companyCredentials(deps, company.id, company.certificate)).credentials
      : null;
  const municipios = [...new Set(options.municipios)].filter((m) => /^\d{7}$/.test(m)).slice(0, 4);
  const answers = await Promise.all(
    municipios.map((ibge) =>
      queryParametros(deps, {
        environment,
        ibge,
        competencia: options.competencia,
        codigosServico: options.codigosServico,
        credentials,
      }),
    ),
  );
  return new Map(municipios.map((ibge, i) => [ibge, answers[i]!]));
}
