import { request } from 'undici';
import { mayHaveReachedServer, type AuthorityClient } from '../../../autoridades/authority-client.js';
import { escapeText } from '../../../xml/el.js';
import { soapString, unescapeXml, type AbrasfAnswer } from '../call-abrasf.js';
import { xmlElements } from '../xml-text.js';
import { headerMessage } from './abrasf-1-message.js';
import type { OperacaoAbrasf1, PerfilAbrasf1 } from './perfil-abrasf-1.js';

const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/**
 * How one operation is called: the SOAP operation element (the 1.00 operation with the family's suffix,
 * RecepcionarLoteRpsV3, or its own service's element), its SOAPAction, the elements carrying the cabecalho (null:
 * none) and the message, the element of the answer (null: the answer is its `respostaRaiz` document, in the body
 * or escaped in it) and, for a family with one service per operation, that service's path.
 */
export interface ChamadaAbrasf1 {
  elemento: string;
  soapAction: string;
  cabecalho: string | null;
  mensagem: string;
  resposta: string | null;
  respostaRaiz: string;
  caminho: string | null;
}

/** The root of an operation's answer, as every 1.00 package names it: its message's root with `Resposta` for `Envio`. */
function respostaRaiz(perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1): string {
  return (perfil.mensagens[operacao]?.raiz ?? `${operacao}Envio`).replace(/Envio$/, 'Resposta');
}

export function chamadaAbrasf1(perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1): ChamadaAbrasf1 {
  const servico = operacao === 'CancelarNfse' ? undefined : perfil.soap.servicos?.[operacao];
  if (servico)
    return {
      elemento: servico.elemento,
      soapAction: servico.soapAction,
      cabecalho: null,
      mensagem: servico.argumento,
      resposta: `${servico.elemento}Result`,
      respostaRaiz: respostaRaiz(perfil, operacao),
      caminho: servico.caminho,
    };
  const cancelamento = operacao === 'CancelarNfse' ? perfil.soap.cancelamento : undefined;
  const comCabecalho = perfil.mensagens.cabecalho !== null && (cancelamento?.comCabecalho ?? true);
  return {
    elemento: cancelamento?.elemento ?? `${operacao}${perfil.soap.sufixoOperacao}`,
    soapAction: perfil.soap.soapAction,
    cabecalho: comCabecalho ? perfil.soap.argumentos.cabecalho : null,
    mensagem: perfil.soap.argumentos.mensagem ?? perfil.mensagens[operacao]!.raiz,
    resposta: perfil.soap.resposta,
    respostaRaiz: respostaRaiz(perfil, operacao),
    caminho: null,
  };
}

/**
 * The answer document of a call's SOAP answer: the text of its `resposta` element, or its `…Resposta` document as
 * the body holds it, written in it or escaped; null when neither is there.
 */
export function respostaAbrasf1(chamada: ChamadaAbrasf1, envelope: string): string | null {
  if (chamada.resposta) return soapString(envelope, chamada.resposta);
  const body = envelope.slice(Math.max(0, envelope.search(/<(?:[\w.-]+:)?Body[\s>]/)));
  return xmlElements(body, chamada.respostaRaiz)[0] ?? xmlElements(unescapeXml(body), chamada.respostaRaiz)[0] ?? null;
}

/**
 * The URL of an operation: the municipality's, or for a family with one service per operation that URL with the
 * lot reception's path (which the provider table and the simulator's address name) replaced by the operation's.
 */
export function urlAbrasf1(baseUrl: string, perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1): string {
  const { caminho } = chamadaAbrasf1(perfil, operacao);
  const recepcao = perfil.soap.servicos?.RecepcionarLoteRps.caminho;
  if (!caminho || !recepcao) return baseUrl;
  const raiz = baseUrl.toLowerCase().endsWith(`/${recepcao.toLowerCase()}`)
    ? baseUrl.slice(0, -recepcao.length - 1)
    : baseUrl.replace(/\/+$/, '');
  return `${raiz}/${caminho}`;
}

/**
 * `<ns1:<elemento> xmlns:ns1="…">` with the cabecalho (where the family has one) and the message in the call's
 * argument elements (Ginfes: `<arg0>`, `<arg1>`), both escaped text, SOAP 1.1. The operation namespace is the
 * environment's.
 */
export function abrasf1Envelope(
  perfil: PerfilAbrasf1,
  operacao: OperacaoAbrasf1,
  mensagem: string,
  homologacao = false,
): string {
  const ns = homologacao ? perfil.soap.namespaceHomologacao : perfil.soap.namespaceProducao;
  const chamada = chamadaAbrasf1(perfil, operacao);
  const op = chamada.elemento;
  const argumento = (nome: string, texto: string) => {
    const elemento = perfil.soap.argumentosQualificados ? `ns1:${nome}` : nome;
    return `<${elemento}>${escapeText(texto)}</${elemento}>`;
  };
  const cabecalho = chamada.cabecalho ? argumento(chamada.cabecalho, headerMessage(perfil)) : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Body>` +
    `<ns1:${op} xmlns:ns1="${ns}">${cabecalho}${argumento(chamada.mensagem, mensagem)}</ns1:${op}></soap:Body></soap:Envelope>`
  );
}

/**
 * One call to a 1.00 family's service (or its simulator) over the client's mutual-TLS dispatcher; the answer is the
 * document inside the answer element (`<return>`). A timeout may have reached the service (the caller asks before resending); a refused
 * connection did not.
 */
export async function callAbrasf1(
  client: AuthorityClient,
  perfil: PerfilAbrasf1,
  operacao: OperacaoAbrasf1,
  mensagem: string,
): Promise<AbrasfAnswer> {
  const chamada = chamadaAbrasf1(perfil, operacao);
  const headers: Record<string, string> = {
    'content-type': 'text/xml; charset=utf-8',
    soapaction: `"${chamada.soapAction}"`,
  };
  if (client.scenario) headers['x-simulador-cenario'] = client.scenario;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), controller.abort()), client.timeoutMs);
  try {
    const res = await request(urlAbrasf1(client.baseUrl, perfil, operacao), {
      method: 'POST',
      dispatcher: client.dispatcher,
      signal: controller.signal,
      headersTimeout: client.timeoutMs,
      bodyTimeout: client.timeoutMs,
      headers,
      body: abrasf1Envelope(perfil, operacao, mensagem),
    });
    const text = await res.body.text();
    const xml = res.statusCode === 200 ? respostaAbrasf1(chamada, text) : null;
    if (xml) return { kind: 'answer', xml };
    // 500 (a SOAP fault, or the application failing mid-way) and 504 may follow processing; 502/503 do not.
    if (res.statusCode >= 500)
      return {
        kind: 'unavailable',
        status: res.statusCode,
        received: res.statusCode === 502 || res.statusCode === 503 ? 'no' : 'unknown',
        cause: `HTTP ${res.statusCode}`,
      };
    return {
      kind: 'transmission_failed',
      status: res.statusCode,
      received: res.statusCode === 200 ? 'unknown' : 'no',
      cause:
        res.statusCode === 200 ? `resposta sem ${chamada.resposta ?? chamada.respostaRaiz}` : `HTTP ${res.statusCode}`,
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
