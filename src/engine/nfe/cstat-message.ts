import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';
import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';

/**
 * Official messages of the 527 cStat codes (nfe/rules/cstat.csv of the data directory), and those of NT 2019.001's
 * cBenef rules the general table lacks (928–946, cbenef-regras.csv).
 */
const table = lazy(() => {
  const map = new Map<string, string>();
  for (const r of readCsvRecords(fiscalDataPath('cbenefRegras'))) map.set(r.cstat!, r.mensagem!);
  for (const r of readCsvRecords(fiscalDataPath('cstatNfe'))) map.set(r.cstat, r.mensagem);
  return map;
});

export function cStatMessage(cStat: string): string | null {
  return table().get(cStat) ?? null;
}
