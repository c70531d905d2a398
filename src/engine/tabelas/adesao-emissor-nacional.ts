import { fiscalDataPath } from './fiscal-data-dir.js';
import { lazy, readCsvRecords } from './read-csv-records.js';

/** One municipality of the offline adhesion snapshot. */
export interface AdesaoEmissorNacional {
  /** Listed as "Conveniado Ativo" with AderenteEmissorNacional = Sim. */
  aderente: boolean;
  /** Date of the official list the snapshot was taken from (AAAA-MM-DD). */
  dataReferencia: string;
  fonte: string;
}

/**
 * The snapshot's version: the official spreadsheet it derives from (gov.br/nfse, Monitoramento das Adesões,
 * municipios-aderentes-20260928.xlsx).
 */
export const VERSAO_ADESAO_EMISSOR_NACIONAL = 'municipios-aderentes-20260928';

const adesoes = lazy(() => {
  const map = new Map<string, AdesaoEmissorNacional>();
  for (const r of readCsvRecords(fiscalDataPath('adesaoEmissorNacional'))) {
    map.set(r.codigo_ibge, {
      aderente: r.aderente_emissor_nacional === 'sim',
      dataReferencia: r.data_referencia,
      fonte: r.fonte,
    });
  }
  return map;
});

/**
 * Whether the official list of 2026-09-28 has the municipality adhering to the national issuer, or null when the
 * snapshot does not cover the code. `aderente: false` only means "not in the list": it is no proof of an own system.
 */
export function adesaoEmissorNacional(ibge: string): AdesaoEmissorNacional | null {
  return adesoes().get(ibge) ?? null;
}
