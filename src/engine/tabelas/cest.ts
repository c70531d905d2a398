import { lazy, readCsvRecords, projectTableUrl } from './read-csv-records.js';

export interface Cest {
  /** Seven digits (SS.III.DD without dots). */
  codigo: string;
  segmento: string;
  /** Item of the segment's annex ("1.0", "45.1"). */
  item: string;
  /**
   * NCM/SH codes of the annex for this CEST: chapters (2 digits), headings (4), subheadings (5–6) or items
   * (7–8). Empty for the residual "outros" items (999), which cover the whole segment.
   */
  ncms: string[];
  descricao: string;
}

const cests = lazy(() => {
  const map = new Map<string, Cest>();
  for (const r of readCsvRecords(projectTableUrl('cest.csv'))) {
    map.set(r.cest, {
      codigo: r.cest,
      segmento: r.segmento,
      item: r.item,
      ncms: r.ncm_sh ? r.ncm_sh.split(' ') : [],
      descricao: r.descricao,
    });
  }
  return map;
});

/** CEST (seven digits) → its entry, or null when the code is not in the table. */
export function cest(codigo: string): Cest | null {
  return cests().get(codigo) ?? null;
}

/**
 * Whether a product's NCM falls under the CEST: the annexes list NCM/SH codes at any level, so an eight-digit
 * NCM matches when it starts with one of them. A residual item (no NCM listed) accepts any NCM.
 */
export function cestAceitaNcm(entry: Cest, ncm: string): boolean {
  return entry.ncms.length === 0 || entry.ncms.some((prefixo) => ncm.startsWith(prefixo));
}
