import type { AuthorityMessage } from '../../autoridades/authority-message.js';
import { extractElement } from '../../autoridades/soap-envelope.js';
import { escapeText, XML_DECLARATION } from '../../xml/el.js';
import type { OperacaoSoapDps, SoapDps } from './perfil-layout-nacional.js';

const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** A signed national document without its XML declaration, to go inline in a wrapper. */
export const soapInline = (xml: string): string => xml.replace(/^\s*<\?xml[^>]*\?>\s*/, '');

/**
 * The SOAP 1.1 envelope of one operation: the profile's wrapper element (in its namespace and prefix), the
 * `<cabecalho>` where the profile has one, then `conteudo` — the signed DPS or event inline, or the query's members.
 */
export function soapDpsEnvelope(soap: SoapDps, operacao: OperacaoSoapDps, conteudo: string): string {
  const p = soap.prefixo ? `${soap.prefixo}:` : '';
  const ns = soap.prefixo ? `xmlns:${soap.prefixo}="${soap.namespace}"` : `xmlns="${soap.namespace}"`;
  const cabecalho = soap.cabecalho
    ? `<${p}cabecalho versao="${soap.cabecalho}"><${p}versaoDados>${soap.cabecalho}</${p}versaoDados></${p}cabecalho>`
    : '';
  return (
    `${XML_DECLARATION}<soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Body>` +
    `<${p}${operacao.elemento} ${ns}>${cabecalho}${conteudo}</${p}${operacao.elemento}></soap:Body></soap:Envelope>`
  );
}

/** The query's members: the DPS Id, and the reception's protocol when one is known. */
export function soapDpsConsulta(soap: SoapDps, idDps: string, protocolo: string | null): string {
  const p = soap.prefixo ? `${soap.prefixo}:` : '';
  const prot = protocolo ? `<${p}protocolo>${escapeText(protocolo)}</${p}protocolo>` : '';
  return `${prot}<${p}idDps>${escapeText(idDps)}</${p}idDps>`;
}

/** What a provider's answer carries: the national documents inline, a protocol, or the national error codes. */
export interface SoapDpsAnswer {
  /** The NFS-e (national layout), with an XML declaration. */
  nfse: string | null;
  /** The registered event (national layout), with an XML declaration. */
  evento: string | null;
  protocolo: string | null;
  erros: AuthorityMessage[];
}

const comDeclaracao = (xml: string | null) => (xml ? `${XML_DECLARATION}${xml}` : null);

/**
 * Reads an answer whatever its wrapper: the NFSe and evento elements of the national namespace wherever they are,
 * `protocolo`, and every `erro` (codigo, descricao) — the providers publish no answer schema, so nothing else is
 * assumed of it.
 */
export function readSoapDpsAnswer(text: string): SoapDpsAnswer {
  const erros: AuthorityMessage[] = [];
  for (const m of text.matchAll(/<(?:[\w.-]+:)?erro>([\s\S]*?)<\/(?:[\w.-]+:)?erro>/g)) {
    const codigo = member(m[1]!, 'codigo') ?? '';
    erros.push({ codigo, descricao: member(m[1]!, 'descricao') ?? '' });
  }
  return {
    nfse: comDeclaracao(extractElement(text, 'NFSe')),
    evento: comDeclaracao(extractElement(text, 'evento')),
    protocolo: member(text, 'protocolo'),
    erros,
  };
}

function member(xml: string, name: string): string | null {
  const m = new RegExp(`<(?:[\\w.-]+:)?${name}>([^<]*)</(?:[\\w.-]+:)?${name}>`).exec(xml);
  return m ? unescape(m[1]!) : null;
}

function unescape(text: string): string {
  return text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!,
  );
}
