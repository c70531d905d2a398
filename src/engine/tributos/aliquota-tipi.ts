import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { FonteTabela } from './regra-tributaria.js';

export const TABELA_TIPI: FonteTabela = {
  versao: 'tipi-rfb-ade-3-2025+decreto-12665-2025',
  fonte:
    'TIPI (Decreto 11.158/2022) na planilha da Receita Federal atualizada até o ADE RFB nº 3/2025, com o Decreto 12.665/2025',
};

export interface AliquotaTipi {
  /** Percent, or null when the NCM is not taxed (NT). */
  aliquota: string | null;
  descricao: string;
}

interface LinhaTipi {
  tratamento: string;
  aliquota: string;
  descricao: string;
  inicio: string;
}

// 8-digit codes and their Ex rows, keyed "ncm" and "ncm|ex"; a code may have a row that starts later
// (Decreto 12.665/2025), so each key keeps its rows.
const tabela = lazy(() => {
  const porCodigo = new Map<string, LinhaTipi[]>();
  for (const r of readCsvRecords(fiscalDataPath('tipi'))) {
    if (r.nivel !== 'ncm' && r.nivel !== 'ex') continue;
    const chave = r.nivel === 'ex' ? `${r.ncm_digitos}|${r.ex}` : r.ncm_digitos!;
    const linhas = porCodigo.get(chave) ?? [];
    linhas.push({
      tratamento: r.tratamento!,
      aliquota: r.aliquota_ipi!,
      descricao: r.descricao!,
      inicio: r.vigencia_inicio ?? '',
    });
    porCodigo.set(chave, linhas);
  }
  return porCodigo;
});

/**
 * The IPI rate of an NCM (and its Ex-tarifário, two digits) on `dia`. A code the table lacks, or whose rate it does
 * not have (the 13 codes of ADE RFB 1/2026), is outside the coverage: the engine does not guess a rate.
 */
export function aliquotaTipi(ncm: string, ex: string | undefined, dia: string): AliquotaTipi {
  const linhas = (tabela().get(ex ? `${ncm}|${ex}` : ncm) ?? []).filter((l) => !l.inicio || l.inicio <= dia);
  const linha = linhas.at(-1);
  if (!linha) throw new ForaDeCobertura('/ipi', `A TIPI não tem o NCM ${ncm}${ex ? ` Ex ${ex}` : ''}.`);
  if (linha.tratamento === 'NT') return { aliquota: null, descricao: linha.descricao };
  if (linha.tratamento !== 'aliquota' || linha.aliquota === '') {
    throw new ForaDeCobertura(
      '/ipi',
      `A TIPI disponível não traz a alíquota do NCM ${ncm} (código criado pelo ADE RFB nº 1/2026).`,
    );
  }
  return { aliquota: linha.aliquota, descricao: linha.descricao };
}
