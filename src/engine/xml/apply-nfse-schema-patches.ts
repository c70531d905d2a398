interface Patch {
  simpleType: string;
  official: string;
  local: string;
}

/** The schema file of the NFS-e 1.01 package that is read with local changes; every other file is read as published. */
export const PATCHED_NFSE_SCHEMA = 'tiposSimples_v1.01.xsd';

const PATCHES: Patch[] = [
  // XSD patterns are anchored implicitly and libxml2 reads ^ and $ as literal characters, so the official
  // pattern refuses every série. Some published copies already carry this change; they are accepted as they are.
  { simpleType: 'TSSerieDPS', official: '<xs:pattern value="^0{0,4}\\d{1,5}$"/>', local: '<xs:pattern value="0{0,4}\\d{1,5}"/>' },
  // Alphanumeric CNPJ (IN RFB 2.229/2024), accepted by the national system since 10/08/2026: as in the produção
  // restrita package 20260727, only TSCNPJ changes, so a recipient (toma/CNPJ) may be alphanumeric while the Id,
  // access-key and other patterns stay numeric (an alphanumeric issuer is still refused by them).
  { simpleType: 'TSCNPJ', official: '<xs:pattern value="[0-9]{14}"/>', local: '<xs:pattern value="[0-9A-Z]{14}"/>' },
];

/**
 * The text of PATCHED_NFSE_SCHEMA with the local changes, applied in memory when the schema is compiled: the data
 * directory stays as published (and may be read-only). A file whose simpleType no longer holds exactly one of the
 * two texts stops here, so a new package is reviewed instead of validated with a wrong pattern.
 */
export function applyNfseSchemaPatches(text: string): string {
  let patched = text;
  for (const patch of PATCHES) {
    const start = patched.indexOf(`<xs:simpleType name="${patch.simpleType}">`);
    const end = start < 0 ? -1 : patched.indexOf('</xs:simpleType>', start);
    if (end < 0) throw new Error(`${PATCHED_NFSE_SCHEMA}: simpleType ${patch.simpleType} não encontrado`);
    const block = patched.slice(start, end);
    const count = (needle: string) => block.split(needle).length - 1;
    if (count(patch.official) === 1) {
      patched = patched.slice(0, start) + block.replace(patch.official, patch.local) + patched.slice(end);
    } else if (count(patch.official) !== 0 || count(patch.local) !== 1) {
      throw new Error(
        `${PATCHED_NFSE_SCHEMA}: o simpleType ${patch.simpleType} não traz exatamente uma vez o texto oficial ` +
          `${patch.official} (nem o já ajustado ${patch.local}); o pacote mudou: revise src/engine/xml/apply-nfse-schema-patches.ts`,
      );
    }
  }
  return patched;
}
