import type { Company, Nfse } from '../../generated/prisma/client.js';
import { loadLibxml2 } from '../xml/libxml2.js';
import { readNfseXml, type NfseView } from './nacional/read-nfse-xml.js';
import { viewOfOwnSystemNote } from './view-of-own-system-note.js';

/** An NFS-e of the national layout (root `NFSe`); São Paulo's `NFe` and ABRASF's `CompNfse` are the cities' own. */
const NATIONAL_ROOT = /^\s*(?:<\?xml[^>]*\?>\s*)?<(?:[\w.-]+:)?NFSe[\s>]/;

/**
 * What the DANFSe of an authorised note prints: read from the stored national NFS-e, or, for a note of a
 * municipality's own system, from the note's declared values and its company (asked for only then).
 */
export async function readDanfseView(
  note: Nfse & { nfseXml: string },
  company: () => Promise<Pick<Company, 'razaoSocial' | 'municipio'>>,
): Promise<NfseView> {
  if (NATIONAL_ROOT.test(note.nfseXml)) {
    await loadLibxml2();
    return readNfseXml(note.nfseXml);
  }
  return viewOfOwnSystemNote(note, await company());
}
