import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';

/** Official messages of the 527 cStat codes (resources/nfe/cstat.csv). */
const table = lazy(() => {
  const map = new Map<string, string>();
  for (const r of readCsvRecords(new URL('../../../resources/nfe/cstat.csv', import.meta.url))) map.set(r.cstat, r.mensagem);
  return map;
});

export function cStatMessage(cStat: string): string | null {
  return table().get(cStat) ?? null;
}
