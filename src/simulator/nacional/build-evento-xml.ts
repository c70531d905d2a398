import { LAYOUT_VERSION, NFSE_NAMESPACE } from '../../engine/nfse/nacional/dps-input.js';
import { signXml, type XmlSigner } from '../../engine/xml/sign-xml.js';
import { el, XML_DECLARATION } from '../../engine/xml/el.js';
import { SIMULATOR_VERSION } from './send-json.js';

export interface BuildEventoXmlOptions {
  /** 56 digits of the PRE Id (chave + tipo de evento). */
  pedRegId: string;
  nSeqEvento: number;
  dhProc: string;
  nDFSe: number;
  /** The signed pedRegEvento, embedded without its XML declaration. */
  pedRegEventoXml: string;
  signer: XmlSigner;
}

/** Registered event (evento_v1.01.xsd): Id "EVT" + 56 digits of the PRE Id + nSeqEvento(3). */
export function buildEventoXml(o: BuildEventoXmlOptions): string {
  const id = `EVT${o.pedRegId.slice(3)}${String(o.nSeqEvento).padStart(3, '0')}`;
  const inf =
    el('verAplic', SIMULATOR_VERSION) +
    el('ambGer', '2') +
    el('nSeqEvento', String(o.nSeqEvento)) +
    el('dhProc', o.dhProc) +
    el('nDFSe', String(o.nDFSe)) +
    o.pedRegEventoXml.replace(/^<\?xml[^>]*\?>/, '');
  const unsigned = `${XML_DECLARATION}<evento xmlns="${NFSE_NAMESPACE}" versao="${LAYOUT_VERSION}"><infEvento Id="${id}">${inf}</infEvento></evento>`;
  return signXml(unsigned, o.signer, { element: 'infEvento' });
}

/** pedRegEvento for the cancellation by substitution (105102) the national system generates itself (MC §1.3.2.a). */
export function buildSubstitutionPedRegXml(o: {
  tpAmb: string;
  dhEvento: string;
  chNFSe: string;
  chSubstituta: string;
  cMotivo: string;
  xMotivo?: string;
}): string {
  return (
    `<pedRegEvento xmlns="${NFSE_NAMESPACE}" versao="${LAYOUT_VERSION}"><infPedReg Id="PRE${o.chNFSe}105102">` +
    el('tpAmb', o.tpAmb) +
    el('verAplic', SIMULATOR_VERSION) +
    el('dhEvento', o.dhEvento) +
    // Author is the issuing municipality's system; the layout still needs a CNPJ: the simulator uses a fixed one.
    el('CNPJAutor', '00394460005887') +
    el('chNFSe', o.chNFSe) +
    `<e105102>${el('xDesc', 'Cancelamento de NFS-e por Substituição')}${el('cMotivo', o.cMotivo)}${el('xMotivo', o.xMotivo)}${el('chSubstituta', o.chSubstituta)}</e105102>` +
    '</infPedReg></pedRegEvento>'
  );
}
