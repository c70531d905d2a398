import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { FonteTabela } from './regra-tributaria.js';

export interface AliquotaIcmsInterna extends FonteTabela {
  uf: string;
  /** The UF's modal internal rate, percent. */
  aliquota: string;
  /** The FCP the UF charges on every good outside its special lists (RJ, AL, SE), or null. */
  fcp: string | null;
}

const VERSAO = 'icms-internas-2026';

const tabela = lazy(() => readCsvRecords(fiscalDataPath('icmsAliquotasInternas')));

/** The modal internal ICMS rate of `uf` on `dia`, with its legal basis as `fonte`. */
export function aliquotaIcmsInterna(uf: string, dia: string): AliquotaIcmsInterna {
  const r = tabela().find(
    (l) =>
      l.uf === uf && (!l.vigencia_inicio || l.vigencia_inicio <= dia) && (!l.vigencia_fim || dia <= l.vigencia_fim),
  );
  if (!r) throw new ForaDeCobertura('/icms', `Sem alíquota interna de ICMS de ${uf} em ${dia}.`);
  return { uf, aliquota: r.aliquota_modal_pct!, fcp: r.fcp_geral_pct || null, versao: VERSAO, fonte: r.base_legal! };
}
