import type { XmlSigner } from '../xml/sign-xml.js';
import { el } from '../xml/el.js';
import { NFE_NS } from '../xml/nfe-ns.js';
import { signNfeXml } from '../xml/sign-nfe-xml.js';

export const EVENTO_CANCELAMENTO = '110111';
export const EVENTO_CARTA_CORRECAO = '110110';

/**
 * The fixed conditions of use of the CC-e (e110110_v1.00.xsd enumerates it; the authority refuses any other
 * text): Convênio S/N art. 7º § 1º-A. Its three limits are the warning returned with every CC-e
 * (AVISO_CARTA_CORRECAO).
 */
export const X_COND_USO =
  'A Carta de Correção é disciplinada pelo § 1º-A do art. 7º do Convênio S/N, de 15 de dezembro de 1970 e pode ser utilizada para ' +
  'regularização de erro ocorrido na emissão de documento fiscal, desde que o erro não esteja relacionado com: I - as variáveis que ' +
  'determinam o valor do imposto tais como: base de cálculo, alíquota, diferença de preço, quantidade, valor da operação ou da ' +
  'prestação; II - a correção de dados cadastrais que implique mudança do remetente ou do destinatário; III - a data de emissão ou de saída.';

export interface NfeEventInput {
  tpAmb: '1' | '2';
  /** The authority that receives it: the note's cUF (first two digits of the key). */
  cOrgao: string;
  cnpj: string;
  chNFe: string;
  /** Brasília time with offset (TDateTimeUTC). */
  dhEvento: string;
  tpEvento: typeof EVENTO_CANCELAMENTO | typeof EVENTO_CARTA_CORRECAO;
  nSeqEvento: number;
  /** Cancelamento: the authorisation protocol. */
  nProt?: string;
  /** xJust of a cancellation, xCorrecao of a CC-e. */
  texto: string;
}

/**
 * The signed `evento` (leiauteEventoCancNFe_v1.00.xsd / leiauteCCe_v1.00.xsd): Id = "ID" + tpEvento + chNFe +
 * nSeqEvento (2 digits); signed over infEvento as every NF-e document (rsa-sha1, C14N 1.0).
 */
export function buildSignedNfeEvent(input: NfeEventInput, signer: XmlSigner): string {
  const id = `ID${input.tpEvento}${input.chNFe}${String(input.nSeqEvento).padStart(2, '0')}`;
  const det =
    input.tpEvento === EVENTO_CANCELAMENTO
      ? el('descEvento', 'Cancelamento') + el('nProt', input.nProt) + el('xJust', input.texto)
      : el('descEvento', 'Carta de Correção') + el('xCorrecao', input.texto) + el('xCondUso', X_COND_USO);
  const xml =
    `<evento xmlns="${NFE_NS}" versao="1.00"><infEvento Id="${id}">` +
    el('cOrgao', input.cOrgao) +
    el('tpAmb', input.tpAmb) +
    el('CNPJ', input.cnpj) +
    el('chNFe', input.chNFe) +
    el('dhEvento', input.dhEvento) +
    el('tpEvento', input.tpEvento) +
    el('nSeqEvento', String(input.nSeqEvento)) +
    el('verEvento', '1.00') +
    `<detEvento versao="1.00">${det}</detEvento></infEvento></evento>`;
  return signNfeXml(xml, signer, 'infEvento');
}

/** envEvento 1.00 carrying one signed evento (NFeRecepcaoEvento4). */
export function buildEnvEvento(idLote: string, signedEvento: string): string {
  return `<envEvento xmlns="${NFE_NS}" versao="1.00">${el('idLote', idLote)}${signedEvento}</envEvento>`;
}

/** procEventoNFe = the signed evento + the authority's retEvento: the document kept and offered for download. */
export function buildProcEvento(signedEvento: string, retEvento: string): string {
  const ret = retEvento.includes('xmlns=')
    ? retEvento
    : retEvento.replace(/^<retEvento/, `<retEvento xmlns="${NFE_NS}"`);
  return `<procEventoNFe xmlns="${NFE_NS}" versao="1.00">${signedEvento}${ret}</procEventoNFe>`;
}

/** The schema of the batch and of the kept document for each event type. */
export const EVENT_SCHEMAS = {
  [EVENTO_CANCELAMENTO]: { env: 'envEventoCancNFe', proc: 'procEventoCancNFe' },
  [EVENTO_CARTA_CORRECAO]: { env: 'envCCe', proc: 'procCCeNFe' },
} as const;
