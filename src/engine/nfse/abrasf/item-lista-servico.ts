import { readFileSync } from 'node:fs';
import { fiscalDataPath } from '../../tabelas/fiscal-data-dir.js';
import { lazy } from '../../tabelas/read-csv-records.js';
import { servicoNacional } from '../../tabelas/index.js';

/** The subitems the ABRASF 2.04 schema enumerates in tsItemListaServico, read from the official schema. */
const ITENS_ABRASF = lazy(() => {
  const xsd = readFileSync(fiscalDataPath('xsdAbrasf', 'nfse_v204.xsd'), 'utf8');
  const start = xsd.indexOf('<xsd:simpleType name="tsItemListaServico">');
  const block = xsd.slice(start, xsd.indexOf('</xsd:simpleType>', start));
  return new Set([...block.matchAll(/<xsd:enumeration value="([^"]+)"/g)].map((m) => m[1]!));
});

/**
 * ABRASF ItemListaServico ("01.07") of a national service code (cTribNac "010701"): the LC 116 subitem the national
 * list correlates with the code, when the ABRASF 2.04 schema lists it; null otherwise (a subitem created after the
 * 2.04 schema, or an unknown code), so the caller refuses the note naming the field.
 */
export function itemListaServico(codigoNacional: string): string | null {
  const subitem = servicoNacional(codigoNacional)?.subitemLc116;
  return subitem && ITENS_ABRASF().has(subitem) ? subitem : null;
}
