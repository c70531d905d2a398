import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The official schemas and tables are read where they are published beside the project (the data directory,
 * FISCAL_DATA_DIR), never copied into the repository. This module is the one place that knows where each one is.
 */

/** The folder holding package.json: src/ (tsx, vitest) and dist/ (`npm start`) sit at the same depth below it. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every official dataset the service reads, as its path under the data directory; the start checks each one. */
const FISCAL_DATASETS = {
  /** NFS-e national XSD package 1.01 of 27/07/2026, alphanumeric CNPJ (one type read with a local change: xml/apply-schema-patches.ts). */
  xsdNfse: 'nfse-nacional/xsd-2026-alfanumerico',
  /** NF-e 4.00 XSD package (the events' Id pattern read with a local change: xml/apply-schema-patches.ts). */
  xsdNfe: 'nfe/xsd',
  /** ABRASF national-model schema 2.04 (CompNfse read with a local change: xml/apply-schema-patches.ts). */
  xsdAbrasf: 'nfse-municipal/abrasf/xsd/2.04',
  /** São Paulo's NFS-e Paulistana sync schemas, layout 1 (v01) and layout 2 with IBS/CBS (v02-5 of 2026-05-14). */
  xsdSaoPaulo: 'nfse-municipal/sao-paulo/xsd',
  listaServicoNacional: 'nfse-nacional/tables/lista_servico_nacional_ctribnac.csv',
  incidenciaIssqn: 'nfse-nacional/tables/incidencia_issqn_por_ctribnac.csv',
  nbs: 'nfse-nacional/tables/nbs_v2.csv',
  municipiosIbge: 'nfse-nacional/tables/municipios_ibge.csv',
  /** Municipalities adhering to the NFS-e Emissor Nacional, official list of 2026-09-28 (offline snapshot). */
  adesaoEmissorNacional: 'nfe/tabelas/municipios-nfse-nacional.csv',
  /**
   * The NFS-e provider of every municipality (family, version, layout, URLs, source and date of each row), and the
   * provider schemas in its folders (nfse-municipal/provedores/README.md of the data directory).
   */
  provedoresNfse: 'nfse-municipal/provedores',
  /** NF-e tax tables (nfe/tabelas/README.md and SOURCES.txt of the data directory): TIPI, ICMS rates, CFOP, MVA-ST. */
  tipi: 'nfe/tabelas/tipi.csv',
  icmsAliquotasInternas: 'nfe/tabelas/icms-aliquotas-internas.csv',
  icmsInterestaduais: 'nfe/tabelas/icms-interestaduais.csv',
  cfop: 'nfe/tabelas/cfop.csv',
  /** ICMS-ST margins per destination UF × CEST (TO, MT partly, auto parts and tyres for 20 UFs) and the CEST segments. */
  icmsStMva: 'nfe/tabelas/icms-st-mva.csv',
  icmsStCest: 'nfe/tabelas/icms-st-cest.csv',
  /** cBenef: the codes of the UFs whose table was obtained, each UF's obligation and dates, NT 2019.001's rules. */
  cbenef: 'nfe/tabelas/cbenef.csv',
  cbenefUfs: 'nfe/tabelas/cbenef-ufs.csv',
  cbenefRegras: 'nfe/tabelas/cbenef-regras.csv',
  /** DIFAL base única × base dupla per UF: the national rule and the third-party lists that disagree with it. */
  difalMetodoUf: 'nfe/tabelas/difal-metodo-uf.csv',
  codigosErroNfse: 'nfse-nacional/rules/error_codes.csv',
  cstatNfe: 'nfe/rules/cstat.csv',
  webservicesNfe: 'nfe/webservices/webservices.json',
  /** IBS/CBS classification codes (cClassTrib) with their reductions, and the NCM/NBS each one applies to. */
  classificacaoTributaria: 'nfe/rtc/cclasstrib.csv',
  classificacaoTributariaNcmNbs: 'nfe/rtc/cclasstrib-ncm-nbs.csv',
  /** CBS and IBS reference rates by year (legal for 2026, partly simulated by the official calculator after). */
  aliquotasReferenciaIbsCbs: 'nfe/rtc/aliquotas-referencia.csv',
} as const;

export type FiscalDataset = keyof typeof FISCAL_DATASETS;

/** FISCAL_DATA_DIR as given (relative to the working directory), or ../shared beside the repository. */
export function resolveFiscalDataDir(value: string | undefined): string {
  return value?.trim() ? resolve(value.trim()) : resolve(REPO_ROOT, '../shared');
}

let current = resolveFiscalDataDir(undefined);

/** Set once by the composition root from the configuration, before anything reads a dataset. */
export function useFiscalDataDir(dir: string): void {
  current = dir;
}

/** The data directory in use; tests and benchmarks read its sample documents. */
export function fiscalDataDir(): string {
  return current;
}

/** A dataset (or a file inside a dataset folder) under the data directory. */
export function fiscalDataPath(dataset: FiscalDataset, ...inside: string[]): string {
  return join(current, FISCAL_DATASETS[dataset], ...inside);
}

/** What keeps the service from reading its official data from `dir`, one message per problem; [] when all is there. */
export function fiscalDataProblems(dir: string): string[] {
  if (!existsSync(dir)) {
    return [
      `FISCAL_DATA_DIR: a pasta de dados oficiais ${dir} não existe (padrão: ../shared ao lado do repositório; veja docs/dados.md)`,
    ];
  }
  return Object.values(FISCAL_DATASETS)
    .filter((relative) => !existsSync(join(dir, relative)))
    .map((relative) => `FISCAL_DATA_DIR: falta ${relative} na pasta de dados oficiais ${dir}`);
}
