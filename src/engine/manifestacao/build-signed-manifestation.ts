import { signNfeXml } from '../xml/sign-nfe-xml.js';
import { NFE_NS } from '../xml/nfe-ns.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import { el } from '../xml/el.js';
import { MANIFESTATIONS, type ManifestationName } from './manifestation-types.js';

export interface ManifestationInput {
  tpAmb: '1' | '2';
  /** The recipient: author of the event. */
  cnpj: string;
  chNFe: string;
  /** TDateTimeUTC, Brasília time, e.g. 2026-11-23T09:00:00-03:00. */
  dhEvento: string;
  tipo: ManifestationName;
  /** Only for operacao_nao_realizada (15–255 characters). */
  xJust?: string | null;
}

/**
 * The signed `evento` of one manifestation (leiauteConfRecebto_v1.00.xsd): received at the national
 * environment (cOrgao 91), nSeqEvento 1 (each kind is sent once), Id = "ID" + tpEvento + chNFe + nSeqEvento(2).
 */
export function buildSignedManifestation(input: ManifestationInput, signer: XmlSigner): string {
  const m = MANIFESTATIONS[input.tipo];
  const id = `ID${m.tpEvento}${input.chNFe}01`;
  const xml =
    `<evento xmlns="${NFE_NS}" versao="1.00"><infEvento Id="${id}">` +
    el('cOrgao', '91') +
    el('tpAmb', input.tpAmb) +
    el('CNPJ', input.cnpj) +
    el('chNFe', input.chNFe) +
    el('dhEvento', input.dhEvento) +
    el('tpEvento', m.tpEvento) +
    el('nSeqEvento', '1') +
    el('verEvento', '1.00') +
    `<detEvento versao="1.00">${el('descEvento', m.descEvento)}${input.tipo === 'operacao_nao_realizada' ? el('xJust', input.xJust) : ''}</detEvento>` +
    '</infEvento></evento>';
  return signNfeXml(xml, signer, 'infEvento');
}

/** The batch (envConfRecebto_v1.00.xsd) carrying one signed evento, as sent to RecepcaoEvento. */
export function envEventoXml(idLote: string, signedEvento: string): string {
  return `<envEvento xmlns="${NFE_NS}" versao="1.00"><idLote>${idLote}</idLote>${signedEvento}</envEvento>`;
}
