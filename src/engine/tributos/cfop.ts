import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';
import type { FonteTabela } from './regra-tributaria.js';

export const TABELA_CFOP: FonteTabela = {
  versao: 'ajuste-sinief-03-2024',
  fonte: 'Convênio s/nº de 1970, Anexo II (CFOP), redação do Ajuste SINIEF 03/24',
};

export interface Cfop {
  cfop: string;
  descricao: string;
  tipo: 'entrada' | 'saida';
}

const tabela = lazy(
  () =>
    new Map(
      readCsvRecords(fiscalDataPath('cfop')).map((r) => [
        r.cfop!,
        { cfop: r.cfop!, descricao: r.descricao!, tipo: r.tipo as Cfop['tipo'] },
      ]),
    ),
);

/** A CFOP of the official table, or null. */
export function cfop(codigo: string): Cfop | null {
  return tabela().get(codigo) ?? null;
}
