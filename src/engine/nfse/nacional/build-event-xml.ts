import { LAYOUT_VERSION, NFSE_NAMESPACE, type TipoAmbiente } from './dps-input.js';
import { signXml, type XmlSigner } from '../../xml/sign-xml.js';
import { el, XML_DECLARATION } from '../../xml/el.js';

export const EVENT_CANCELAMENTO = '101101';

export interface CancellationEventInput {
  tpAmb: TipoAmbiente;
  verAplic: string;
  /** TSDateTimeUTC, e.g. 2026-01-15T10:00:00-03:00 (E1843 rejects a future dhEvento). */
  dhEvento: string;
  /** Author: the emitter (Anexo II). E0812 compares CNPJAutor with the CNPJ root of the signing certificate. */
  CNPJAutor?: string;
  CPFAutor?: string;
  chNFSe: string;
  /** 1 erro na emissão, 2 serviço não prestado, 9 outros (TSCodJustCanc). */
  cMotivo: '1' | '2' | '9';
  /** 15-255 chars, required for every reason (TSMotivo). */
  xMotivo: string;
}

/** Pedido de registro de evento Id (TSIdPedRegEvt): "PRE" + chave(50) + tipo de evento(6) — no nPedRegEvento in 1.01. */
export function buildPedRegEventoId(chNFSe: string, tipoEvento: string): string {
  return `PRE${chNFSe}${tipoEvento}`;
}

/** Unsigned pedRegEvento for cancellation (e101101), valid against pedRegEvento_v1.01.xsd. */
export function buildCancellationEventXml(input: CancellationEventInput): string {
  const id = buildPedRegEventoId(input.chNFSe, EVENT_CANCELAMENTO);
  const autor = input.CNPJAutor ? el('CNPJAutor', input.CNPJAutor) : el('CPFAutor', input.CPFAutor);
  // xDesc is a fixed enumeration in the XSD (TE101101) and must match exactly.
  const evento = `<e101101>${el('xDesc', 'Cancelamento de NFS-e')}${el('cMotivo', input.cMotivo)}${el('xMotivo', input.xMotivo)}</e101101>`;
  return (
    `${XML_DECLARATION}<pedRegEvento xmlns="${NFSE_NAMESPACE}" versao="${LAYOUT_VERSION}"><infPedReg Id="${id}">` +
    el('tpAmb', input.tpAmb) +
    el('verAplic', input.verAplic) +
    el('dhEvento', input.dhEvento) +
    autor +
    el('chNFSe', input.chNFSe) +
    evento +
    '</infPedReg></pedRegEvento>'
  );
}

/** Builds and signs (enveloped, Reference "#PRE…", signature after infPedReg: E1989 makes it mandatory). */
export function buildSignedCancellationXml(input: CancellationEventInput, signer: XmlSigner): string {
  return signXml(buildCancellationEventXml(input), signer, { element: 'infPedReg' });
}
