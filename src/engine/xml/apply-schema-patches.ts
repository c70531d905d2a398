import { basename, dirname } from 'node:path';

interface Patch {
  /** File name of the schema, in its package folder of the data directory. */
  file: string;
  /**
   * The package folder (the end of the file's directory) where the file name alone is shared by other packages
   * (`nfse.xsd`); absent: every file of that name.
   */
  folder?: string;
  /** The published text, present exactly once in the file. */
  official: string;
  local: string;
}

// NFS-e package of 27/07/2026 (alphanumeric CNPJ) opens TSChaveNFSe to letters at key positions 7–20, while the
// key's layout (cMun 7 + ambGer 1 + tpInsc 1 + inscrição 14 + …) and every other type of the same package that
// embeds the key (TSIdNFSe, TSIdPedRegEvt, TSIdEvento, TSIdNumEvento) put the inscrição at positions 10–23. Read as
// published, the key of an issuer whose CNPJ has a letter in its 12th character (position 21, as in
// 12ABC34501DE35) is valid in infNFSe/@Id but refused in chNFSe, so such a note could not be cancelled or
// substituted; the letters are allowed where the inscrição is, as in TSIdNFSe.
const NFSE_KEY: Patch = {
  file: 'tiposSimples_v1.01.xsd',
  official: '<xs:pattern value="[0-9]{6}([0-9A-Z]{14})[0-9]{30}"/>',
  local: '<xs:pattern value="[0-9]{9}[0-9A-Z]{14}[0-9]{27}"/>',
};

// NF-e events of PL_010 (with the alphanumeric-CNPJ change): chNFe is TChNFe, [0-9]{6}[0-9A-Z]{12}[0-9]{26}, but
// the infEvento Id ("ID" + tpEvento 6 + chNFe 44 + nSeqEvento 2) kept ID[0-9]{52}, so no event of a note whose
// issuer has an alphanumeric CNPJ (cancelamento, carta de correção, EPEC, manifestação) could be built. The Id takes
// the letters where TChNFe has them (Id positions 15–26).
const NFE_EVENT_ID = (file: string): Patch => ({
  file,
  official: '<xs:pattern value="ID[0-9]{52}"/>',
  local: '<xs:pattern value="ID[0-9]{12}[0-9A-Z]{12}[0-9]{28}"/>',
});

// ABRASF 2.04 declares the global element CompNfse with minOccurs/maxOccurs, which XML Schema allows only on local
// elements: libxml2 refuses to compile the whole schema. Occurrence means nothing on a global element, so dropping
// the two attributes changes no document's validity.
const ABRASF_COMP_NFSE: Patch = {
  file: 'nfse_v204.xsd',
  official: '<xsd:element name="CompNfse" type="tcCompNfse" \n\t\tminOccurs="1" maxOccurs="1"/>',
  local: '<xsd:element name="CompNfse" type="tcCompNfse"/>',
};

// ISSSalvador's nfse.xsd declares the simple types of the Reforma Tributária codes with a trailing space in their
// names (`tscClassTrib `, `tsINDOP `) while tcDadosServico refers to them without it: libxml2 refuses to compile the
// whole schema. The space is dropped from the two names; no document's validity changes but that it can be checked.
const SALVADOR_RTC_TYPE = (name: string): Patch => ({
  file: 'nfse.xsd',
  folder: 'municipais/salvador-ba/1.00/acbr',
  official: `<xsd:simpleType name="${name} ">`,
  local: `<xsd:simpleType name="${name}">`,
});

const PATCHES: Patch[] = [
  NFSE_KEY,
  ABRASF_COMP_NFSE,
  SALVADOR_RTC_TYPE('tscClassTrib'),
  SALVADOR_RTC_TYPE('tsINDOP'),
  NFE_EVENT_ID('leiauteEventoCancNFe_v1.00.xsd'),
  NFE_EVENT_ID('leiauteCCe_v1.00.xsd'),
  NFE_EVENT_ID('leiauteEPEC_v1.00.xsd'),
  NFE_EVENT_ID('leiauteConfRecebto_v1.00.xsd'),
];

/** The schema files read with local changes; every other file is read as published. */
export const PATCHED_SCHEMAS: ReadonlySet<string> = new Set(PATCHES.map((p) => p.file));

/** Whether a patch is for the schema file at `path` (a path, or a bare file name for a patch of every package). */
const appliesTo = (patch: Patch, path: string) =>
  basename(path) === patch.file && (!patch.folder || dirname(path.replace(/\\/g, '/')).endsWith(`/${patch.folder}`));

/**
 * The text of a schema file (by its path, or its file name) with its local changes, applied in memory when the
 * schema is compiled: the data directory stays as published (and may be read-only). A file that no longer holds
 * exactly once the published text (nor the changed one) stops here, so a new package is reviewed instead of
 * validated with a wrong pattern.
 */
export function applySchemaPatches(path: string, text: string): string {
  const file = basename(path);
  let patched = text;
  for (const patch of PATCHES.filter((p) => appliesTo(p, path))) {
    const count = (needle: string) => patched.split(needle).length - 1;
    if (count(patch.official) === 1) {
      patched = patched.replace(patch.official, patch.local);
    } else if (count(patch.official) !== 0 || count(patch.local) !== 1) {
      throw new Error(
        `${file}: o esquema não traz exatamente uma vez o texto oficial ${patch.official} (nem o já ajustado ` +
          `${patch.local}); o pacote mudou: revise src/engine/xml/apply-schema-patches.ts`,
      );
    }
  }
  return patched;
}
