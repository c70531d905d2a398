import { readFileSync } from 'node:fs';
import type { Environment } from '../../nucleo/environment.js';
import { lazy } from '../../tabelas/read-csv-records.js';
import { fiscalDataPath } from '../../tabelas/fiscal-data-dir.js';

/** The services of layout 4.00 this service calls, by their key in webservices.json. */
export type NfeService =
  | 'NfeAutorizacao'
  | 'NfeConsultaProtocolo'
  | 'NfeStatusServico'
  | 'RecepcaoEvento'
  | 'NfeInutilizacao'
  | 'RecepcaoEPEC'
  | 'NfeConsultaCadastro';

export interface NfeEndpoint {
  url: string;
  /** SOAP method: the action suffix. */
  method: string;
  /** WSDL operation: the namespace of nfeDadosMsg/nfeResultMsg. */
  operation: string;
}

interface WebservicesTable {
  autorizadorPorUF: Record<string, string>;
  servicos: Record<
    string,
    Record<'homologacao' | 'producao', Record<string, (NfeEndpoint & { url: string | null }) | undefined>>
  >;
}

const table = lazy(() => JSON.parse(readFileSync(fiscalDataPath('webservicesNfe'), 'utf8')) as WebservicesTable);

/** cUF of the access key (IBGE state code) = the first two digits of the municipality's IBGE code. */
export const cUfOf = (municipioIbge: string) => municipioIbge.slice(0, 2);

/** The authoriser of model 55 for a UF (own SEFAZ, SVRS or SVAN), per sped-nfe's autorizadores.json. */
export function autorizadorDaUf(uf: string): string | null {
  return table().autorizadorPorUF[uf] ?? null;
}

/** The endpoint of a service at an authoriser; test keys use homologação (tpAmb 2). */
export function nfeEndpoint(autorizador: string, environment: Environment, service: NfeService): NfeEndpoint | null {
  const entry = table().servicos[autorizador]?.[environment === 'live' ? 'producao' : 'homologacao']?.[service];
  return entry?.url ? { url: entry.url, method: entry.method, operation: entry.operation } : null;
}
