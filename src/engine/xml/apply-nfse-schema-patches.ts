interface Patch {
  simpleType: string;
  official: string;
  local: string;
}

/** The schema file of the NFS-e 1.01 package that is read with local changes; every other file is read as published. */
export const PATCHED_NFSE_SCHEMA = 'tiposSimples_v1.01.xsd';

const PATCHES: Patch[] = [
  // Package 20260727 (alphanumeric CNPJ) opens TSChaveNFSe to letters at key positions 7–20, while the key's
  // layout (cMun 7 + ambGer 1 + tpInsc 1 + inscrição 14 + …) and every other type of the same package that embeds
  // the key (TSIdNFSe, TSIdPedRegEvt, TSIdEvento, TSIdNumEvento) put the inscrição at positions 10–23. Read as
  // published, the key of an issuer whose CNPJ has a letter in its 12th character (position 21, as in
  // 12ABC34501DE35) is valid in infNFSe/@Id but refused in chNFSe, so such a note could not be cancelled or
  // substituted; the letters are allowed where the inscrição is, as in TSIdNFSe.
  {
    simpleType: 'TSChaveNFSe',
    official: '<xs:pattern value="[0-9]{6}([0-9A-Z]{14})[0-9]{30}"/>',
    local: '<xs:pattern value="[0-9]{9}[0-9A-Z]{14}[0-9]{27}"/>',
  },
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
