import { lazy, readCsvRecords, projectTableUrl } from './read-csv-records.js';

export interface Ncm {
  /** Eight digits, no dots. */
  codigo: string;
  descricao: string;
  /** First day of validity, `AAAA-MM-DD`. */
  inicio: string;
  /** Last day of validity, `AAAA-MM-DD`; null while in force. */
  fim: string | null;
  /** Act that created the code ("Res Camex 272/2021"). */
  ato: string;
}

const ncms = lazy(() => {
  const map = new Map<string, Ncm>();
  for (const r of readCsvRecords(projectTableUrl('ncm.csv'))) {
    map.set(r.ncm, {
      codigo: r.ncm,
      descricao: r.descricao,
      inicio: r.data_inicio,
      fim: r.data_fim || null,
      ato: r.ato_inicio,
    });
  }
  return map;
});

/** NCM item (eight digits) → its entry in the Siscomex table, or null when the code was never an NCM item. */
export function ncm(codigo: string): Ncm | null {
  return ncms().get(codigo) ?? null;
}

/** Whether the code is valid on that day (`AAAA-MM-DD`): validity dates are inclusive. */
export function ncmVigente(entry: Ncm, dia: string): boolean {
  return entry.inicio <= dia && (entry.fim === null || dia <= entry.fim);
}
