import { type DeliveryFailure } from '../../autoridades/emission-result.js';
import { mayHaveReachedServer, type AuthorityClient } from '../../autoridades/authority-client.js';
import { request } from 'undici';
import { el, escapeText, group } from '../../xml/el.js';
import { cabecalhoMessage, type AbrasfPrestador } from './abrasf-message.js';
import { cpfCnpjXml } from './build-abrasf-rps.js';
import type { CredenciaisProvedor } from '../../empresas/credenciais-provedor.js';
import type { CredencialProvedor, OperacaoAbrasf, PerfilAbrasf } from './perfil-abrasf.js';

const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';

/** The document inside outputXML (HTTP 200), or why there is none (DeliveryFailure of the national client). */
export type AbrasfAnswer = { kind: 'answer'; xml: string } | DeliveryFailure;

/** Root element of each operation's message (the XSD names differ from the WSDL's for two of them). */
export const RAIZ_MENSAGEM: Record<OperacaoAbrasf, string> = {
  GerarNfse: 'GerarNfseEnvio',
  RecepcionarLoteRpsSincrono: 'EnviarLoteRpsSincronoEnvio',
  ConsultarNfsePorRps: 'ConsultarNfseRpsEnvio',
  CancelarNfse: 'CancelarNfseEnvio',
  SubstituirNfse: 'SubstituirNfseEnvio',
  ConsultarNfseServicoTomado: 'ConsultarNfseServicoTomadoEnvio',
  // EL 1.00: each operation's element is its message, named as the WSDL's (the session's in lower camel case).
  EnviarLoteRps: 'EnviarLoteRpsEnvio',
  ConsultarSituacaoLoteRps: 'ConsultarSituacaoLoteRpsEnvio',
  ConsultarLoteRps: 'ConsultarLoteRpsEnvio',
  autenticarContribuinte: 'autenticarContribuinte',
  finalizarSessao: 'finalizarSessao',
};

/** Who calls, for a family that identifies the requester inside every message (`credenciais.requerente`). */
export interface RequerenteChamada {
  prestador: AbrasfPrestador;
  /** The call is a test one (Homologa): a note of a test key. */
  homologacao: boolean;
}

/**
 * What a call carries beyond its message: the credentials the company keeps for the provider and, for a family that
 * identifies the requester inside every message, who calls.
 */
export type ChamadaAbrasf = CredenciaisProvedor & { requerente?: RequerenteChamada };

/**
 * The message with the requester's identification where the family's schema places it (first child of the root, or
 * after the child `depoisDe` names): the company, its password at the provider and whether the call is a test one.
 * Unchanged for a family without it. Written only here, as the message is sent, so no stored document holds it.
 */
export function comRequerente(
  perfil: PerfilAbrasf,
  operacao: OperacaoAbrasf,
  dados: string,
  { requerente, ...credenciais }: ChamadaAbrasf,
): string {
  const lugar = perfil.credenciais?.requerente;
  if (!lugar) return dados;
  if (!requerente) throw new Error(`${perfil.familia} ${perfil.versao}: chamada ${operacao} sem requerente`);
  const bloco = group(
    lugar.elemento,
    cpfCnpjXml(requerente.prestador.documento),
    el('InscricaoMunicipal', requerente.prestador.inscricaoMunicipal),
    el('Senha', credenciais.senha ?? ''),
    el('Homologa', String(requerente.homologacao)),
  );
  const depoisDe = lugar.depoisDe?.[operacao];
  const at = depoisDe
    ? dados.indexOf(`</${depoisDe}>`) + `</${depoisDe}>`.length
    : (/^(?:<\?xml[^>]*\?>)?\s*<[\w.-]+(?:\s[^>]*)?>/.exec(dados)?.[0].length ?? 0);
  return dados.slice(0, at) + bloco + dados.slice(at);
}

/**
 * A profile's template (`{operacao}Request`, `http://…/{operacao}`) for one operation; `{operacaoMinuscula}` stands
 * for the name with a lower-case first letter (`gerarNfse`), where the family's WSDL writes it so, and `{mensagem}`
 * for the root of the operation's message (`GerarNfseEnvio`).
 */
export const operacaoNo = (template: string, operacao: OperacaoAbrasf): string =>
  template
    .replaceAll('{operacao}', operacao)
    .replaceAll('{operacaoMinuscula}', operacao[0]!.toLowerCase() + operacao.slice(1))
    .replaceAll('{mensagem}', RAIZ_MENSAGEM[operacao]);

/**
 * The SOAP request of one operation as the profile's family writes it: the wrapper (`<Op>Request`, `<Op>`…) in the
 * WSDL namespace, holding either the nfseCabecMsg/nfseDadosMsg strings (escaped or in CDATA), the message element
 * itself, or, standing in the message root's place, its children; in the profile's SOAP version.
 */
export function abrasfEnvelope(
  perfil: PerfilAbrasf,
  operacao: OperacaoAbrasf,
  mensagem: string,
  credenciais: ChamadaAbrasf = {},
): string {
  const dados = comRequerente(perfil, operacao, mensagem, credenciais);
  const text = (xml: string) => (perfil.dados === 'cdata' ? `<![CDATA[${xml}]]>` : escapeText(xml));
  const soap = perfil.soap === '1.2' ? SOAP12_NS : SOAP11_NS;
  // A family that puts its message straight in the SOAP body has no wrapper: `envoltorio` names the message itself.
  const wrappers =
    perfil.mensagem === 'corpo'
      ? []
      : operacaoNo(perfil.envoltorio, operacao)
          .split('/')
          .map((name) => `ws:${name}`);
  // A family's own data element is in the wrapper's namespace; the ABRASF WSDL's nfseDadosMsg is unqualified.
  const campo = perfil.campoDados ? `ws:${perfil.campoDados}` : 'nfseDadosMsg';
  const body =
    perfil.mensagem === 'elementos' || perfil.mensagem === 'corpo'
      ? dados.replace(/^<\?xml[^>]*\?>/, '')
      : perfil.mensagem === 'conteudo'
        ? conteudoDaMensagem(dados)
        : (perfil.cabecalho ? `<nfseCabecMsg>${text(cabecalhoMessage(perfil, perfil.cabecalho))}</nfseCabecMsg>` : '') +
          `<${campo}>${text(dados)}</${campo}>`;
  // The credentials a family takes in the body follow the message in the wrapper, unqualified, as its WSDL has them.
  const elementos = Object.entries(perfil.credenciais?.elementos ?? {})
    .map(([membro, nome]) => `<${nome}>${escapeText(credenciais[membro as CredencialProvedor] ?? '')}</${nome}>`)
    .join('');
  // The outermost wrapper declares the WSDL namespace; a nested one (a family's double wrapper) inherits it.
  const open = wrappers.map((w, i) => (i === 0 ? `<${w} xmlns:ws="${perfil.namespaceWsdl}">` : `<${w}>`)).join('');
  const close = [...wrappers]
    .reverse()
    .map((w) => `</${w}>`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${soap}"><soap:Body>` +
    `${open}${body}${elementos}${close}</soap:Body></soap:Envelope>`
  );
}

/**
 * The children of a message's root, each declaring the namespace the root declared: what a family whose wrapper
 * takes the root's place (`conteudo`) puts in it. The message as stored is the root with these children, so the
 * service reads the same document back by renaming the wrapper. Read as text, as the builders write messages: no
 * comments, no CDATA, no `>` inside an attribute value.
 */
export function conteudoDaMensagem(dados: string): string {
  const m = /^(?:<\?xml[^>]*\?>)?\s*<([\w.-]+)((?:\s[^>]*)?)>([\s\S]*)<\/\1>\s*$/.exec(dados);
  if (!m) return '';
  const xmlns = /\sxmlns="([^"]*)"/.exec(m[2]!)?.[1];
  if (!xmlns) return m[3]!;
  // Each child gets the root's default namespace unless it declares its own.
  let depth = 0;
  return m[3]!.replace(
    /<(\/?)([\w.-]+)((?:\s[^>]*?)?)(\/?)>/g,
    (tag, close: string, name: string, attrs: string, empty: string) => {
      if (close) return (depth--, tag);
      const top = depth === 0;
      if (!empty) depth++;
      return top && !/\sxmlns=/.test(attrs) ? `<${name} xmlns="${xmlns}"${attrs}${empty}>` : tag;
    },
  );
}

/** The HTTP authorization a family takes the credentials in (`Basic` usuario:senha), or none. */
export function abrasfAutorizacao(perfil: PerfilAbrasf, credenciais: CredenciaisProvedor = {}): string | null {
  if (perfil.credenciais?.autorizacaoHttp !== 'basic') return null;
  return `Basic ${Buffer.from(`${credenciais.usuario ?? ''}:${credenciais.senha ?? ''}`, 'utf8').toString('base64')}`;
}

/** The service URL with the credentials a family takes as query parameters (Tributus' `tokenAuth`). */
export function abrasfUrl(baseUrl: string, perfil: PerfilAbrasf, credenciais: CredenciaisProvedor = {}): string {
  const parametros = Object.entries(perfil.credenciais?.parametrosUrl ?? {});
  if (parametros.length === 0) return baseUrl;
  const url = new URL(baseUrl);
  for (const [membro, nome] of parametros) url.searchParams.set(nome, credenciais[membro as CredencialProvedor] ?? '');
  return url.toString();
}

/**
 * The answer document of a SOAP response: the text of `<outputXML>` (or the family's `campo`, any prefix), unescaped
 * or out of its CDATA, where the family answers with a string; else the first `…Resposta` element of the body, as
 * written. Null when neither is there.
 */
export function outputXmlOf(envelope: string, campo = 'outputXML'): string | null {
  const text = soapString(envelope, campo);
  if (text !== null) return text;
  const inline = /<((?:[\w.-]+:)?\w+Resposta)[\s>/][\s\S]*?<\/\1>/.exec(envelope);
  return inline ? inline[0] : null;
}

/** A string member of a SOAP body (nfseCabecMsg, nfseDadosMsg, outputXML): the XML document it carries. */
export function soapString(envelope: string, name: string): string | null {
  const m = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`).exec(envelope);
  if (!m) return null;
  const raw = m[1]!.trim();
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(raw);
  return cdata ? cdata[1]! : unescapeXml(raw);
}

/** Text escaped in an XML document, as written before escaping. */
export function unescapeXml(text: string): string {
  if (!text.includes('&')) return text;
  // Character references may decode to '&': one pass then, so nothing is decoded twice.
  if (text.includes('&#')) return unescapeXmlReferences(text);
  // Without them the five entities go one after the other, '&amp;' last (no other one yields '&'): native
  // replacement of a whole escaped document instead of a callback per entity.
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

function unescapeXmlReferences(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[e]!;
  });
}

/** The SOAPAction of an operation in the family's service. */
export function soapActionOf(perfil: PerfilAbrasf, operacao: OperacaoAbrasf): string {
  const nome = perfil.operacaoNaAcao?.[operacao] ?? operacao;
  return operacaoNo(perfil.soapAction.replaceAll('{operacao}', nome), operacao);
}

/**
 * One call to a city's ABRASF service (or its simulator) over the client's mutual-TLS dispatcher. A timeout may
 * have reached the service (the caller asks before resending); a refused connection did not.
 */
export async function callAbrasf(
  client: AuthorityClient,
  perfil: PerfilAbrasf,
  operacao: OperacaoAbrasf,
  dados: string,
  credenciais: ChamadaAbrasf = {},
): Promise<AbrasfAnswer> {
  const action = soapActionOf(perfil, operacao);
  const headers: Record<string, string> =
    perfil.soap === '1.2'
      ? { 'content-type': `application/soap+xml; charset=utf-8; action="${action}"` }
      : { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` };
  if (client.scenario) headers['x-simulador-cenario'] = client.scenario;
  const autorizacao = abrasfAutorizacao(perfil, credenciais);
  if (autorizacao) headers.authorization = autorizacao;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), controller.abort()), client.timeoutMs);
  try {
    const res = await request(abrasfUrl(client.baseUrl, perfil, credenciais), {
      method: 'POST',
      dispatcher: client.dispatcher,
      signal: controller.signal,
      headersTimeout: client.timeoutMs,
      bodyTimeout: client.timeoutMs,
      headers,
      body: abrasfEnvelope(perfil, operacao, dados, credenciais),
    });
    const text = await res.body.text();
    const xml =
      res.statusCode === 200 ? outputXmlOf(text, operacaoNo(perfil.campoResposta ?? 'outputXML', operacao)) : null;
    if (xml) return { kind: 'answer', xml };
    // 500 (a SOAP fault, or the application failing mid-way) and 504 may follow processing; 502/503 do not.
    if (res.statusCode >= 500)
      return {
        kind: 'unavailable',
        status: res.statusCode,
        received: res.statusCode === 502 || res.statusCode === 503 ? 'no' : 'unknown',
        cause: `HTTP ${res.statusCode}`,
      };
    if (res.statusCode === 200)
      return {
        kind: 'transmission_failed',
        status: 200,
        received: 'unknown',
        cause: 'resposta sem outputXML',
        erros: [],
      };
    // A family authenticating over HTTP refuses a wrong login before reading the message: say which setting it is.
    const credenciaisRecusadas = autorizacao !== null && (res.statusCode === 401 || res.statusCode === 403);
    return {
      kind: 'transmission_failed',
      status: res.statusCode,
      received: 'no',
      cause: `HTTP ${res.statusCode}${credenciaisRecusadas ? ': o provedor recusou as credenciais_provedor da empresa' : ''}`,
      erros: [],
    };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return { kind: 'timeout' };
    const cause = err instanceof Error ? err.message : String(err);
    return mayHaveReachedServer(err)
      ? { kind: 'transmission_failed', received: 'unknown', cause, erros: [] }
      : { kind: 'unavailable', received: 'no', cause };
  } finally {
    clearTimeout(timer);
  }
}
