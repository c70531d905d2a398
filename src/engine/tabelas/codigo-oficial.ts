import { lazy, readCsvRecords } from './read-csv-records.js';
import { fiscalDataPath } from './fiscal-data-dir.js';

export interface CodigoOficial {
  /** "E0078" */
  codigo: string;
  /** Official message (Anexos I, II, IV). */
  mensagem: string;
  /** Annex the code came from (anexo_i, anexo_ii, anexo_iv). */
  fonte: string;
  /** XML path or field the rule applies to. */
  campoXml: string;
}

const codigos = lazy(() => {
  const map = new Map<string, CodigoOficial>();
  for (const r of readCsvRecords(fiscalDataPath('codigosErroNfse'))) {
    map.set(r.code, { codigo: r.code, mensagem: r.message, fonte: r.source, campoXml: r.xml_path_field });
  }
  return map;
});

/** Official national-system error code (e.g. "E0078") → its message, or null when unknown. */
export function codigoOficial(codigo: string): CodigoOficial | null {
  return codigos().get(codigo.trim().toUpperCase()) ?? null;
}
