import { lazy, readCsvRecords } from './read-csv-records.js';
import { fiscalDataPath } from './fiscal-data-dir.js';

/** One Imposto Seletivo classification code (cClassTribIS) of the official table: its CST and validity. */
export interface ClassificacaoImpostoSeletivo {
  cClassTrib: string;
  cst: string;
  descricao: string;
  /** Validity, `AAAA-MM-DD`, inclusive; `fim` null while in force. */
  inicio: string;
  fim: string | null;
}

// The IS rows of the classification table (tributo IS): the same six-digit numbers mean other things for IBS/CBS.
const classificacoes = lazy(() => {
  const map = new Map<string, ClassificacaoImpostoSeletivo>();
  for (const r of readCsvRecords(fiscalDataPath('classificacaoTributaria'))) {
    if (r.tributo !== 'IS') continue;
    map.set(r.cClassTrib!, {
      cClassTrib: r.cClassTrib!,
      cst: r.CST!,
      descricao: r.cClassTrib_descricao!,
      inicio: r.inicio_vigencia!,
      fim: r.fim_vigencia || null,
    });
  }
  return map;
});

/** The Imposto Seletivo classification of a cClassTribIS, or null when the table has no such code. */
export function classificacaoImpostoSeletivo(cClassTrib: string): ClassificacaoImpostoSeletivo | null {
  return classificacoes().get(cClassTrib) ?? null;
}

/** Whether the IS classification is in force on `dia` (`AAAA-MM-DD`). */
export function impostoSeletivoVigente(c: ClassificacaoImpostoSeletivo, dia: string): boolean {
  return c.inicio <= dia && (c.fim === null || dia <= c.fim);
}
