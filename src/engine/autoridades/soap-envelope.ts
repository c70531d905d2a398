/**
 * SOAP 1.2 of the NF-e 4.00 web services: no header, the
 * message inside `nfeDadosMsg` (request) or `nfeResultMsg` (answer) in the namespace of the WSDL operation.
 */
export const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';
export const WSDL_NS = 'http://www.portalfiscal.inf.br/nfe/wsdl/';

export function soapEnvelope(wrapper: 'nfeDadosMsg' | 'nfeResultMsg', operation: string, message: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><soap12:Envelope xmlns:soap12="${SOAP12_NS}"><soap12:Body>` +
    `<${wrapper} xmlns="${WSDL_NS}${operation}">${message}</${wrapper}></soap12:Body></soap12:Envelope>`
  );
}

/** Content-Type with the action, as sped-common sends it. */
export function soapContentType(operation: string, method: string): string {
  return `application/soap+xml;charset=utf-8;action="${WSDL_NS}${operation}/${method}"`;
}

/** The first `<name …>…</name>` element of a document, as written (namespace declarations included). */
export function extractElement(xml: string, name: string): string | null {
  const start = xml.search(new RegExp(`<(\\w+:)?${name}[\\s>]`));
  if (start < 0) return null;
  const prefix = /^<(\w+:)?/.exec(xml.slice(start))![1] ?? '';
  const close = `</${prefix}${name}>`;
  const end = xml.indexOf(close, start);
  return end < 0 ? null : xml.slice(start, end + close.length);
}

/** The text of the first `<name>` element without attributes (cStat, nProt, chNFe…), or null. */
export const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;
