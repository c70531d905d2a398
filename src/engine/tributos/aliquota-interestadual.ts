import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { FonteTabela } from './regra-tributaria.js';

export interface AliquotaInterestadual extends FonteTabela {
  aliquota: string;
  /** True when the 4 % of imported goods applies. */
  importado: boolean;
}

/** Origins of goods imported, or with import content above 40 % (Resolução do Senado Federal 13/2012). */
export const ORIGENS_IMPORTADAS = ['1', '2', '3', '8'];

const tabela = lazy(
  () => new Map(readCsvRecords(fiscalDataPath('icmsInterestaduais')).map((r) => [`${r.uf_origem}|${r.uf_destino}`, r])),
);

/** The interstate ICMS rate from `origem` to `destino` for goods of ICMS origin `origemMercadoria`. */
export function aliquotaInterestadual(
  origem: string,
  destino: string,
  origemMercadoria: string,
): AliquotaInterestadual {
  const r = tabela().get(`${origem}|${destino}`);
  if (!r) throw new ForaDeCobertura('/icms', `Sem alíquota interestadual de ${origem} para ${destino}.`);
  const importado = ORIGENS_IMPORTADAS.includes(origemMercadoria);
  return {
    aliquota: importado ? r.aliquota_importados_pct! : r.aliquota_interestadual_pct!,
    importado,
    versao: importado ? 'resolucao-senado-13-2012' : 'resolucao-senado-22-1989',
    fonte: r.base_legal!,
  };
}
