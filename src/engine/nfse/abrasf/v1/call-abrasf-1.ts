import { request } from 'undici';
import { mayHaveReachedServer, type AuthorityClient } from '../../../autoridades/authority-client.js';
import { escapeText } from '../../../xml/el.js';
import { soapString, type AbrasfAnswer } from '../call-abrasf.js';
import { headerMessage } from './abrasf-1-message.js';
import type { OperacaoAbrasf1, PerfilAbrasf1 } from './perfil-abrasf-1.js';

const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The SOAP operation element of a call: the 1.00 operation with the family's suffix (RecepcionarLoteRpsV3). */
export const soapOperationOf = (perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1) =>
  `${operacao}${perfil.soap.sufixoOperacao}`;

/**
 * `<ns1:<Op><sufixo> xmlns:ns1="…">` with the cabecalho and the message in the family's argument elements (Ginfes:
 * `<arg0>`, `<arg1>`), both escaped text, SOAP 1.1. The operation namespace is the environment's.
 */
export function abrasf1Envelope(
  perfil: PerfilAbrasf1,
  operacao: OperacaoAbrasf1,
  mensagem: string,
  homologacao = false,
): string {
  const ns = homologacao ? perfil.soap.namespaceHomologacao : perfil.soap.namespaceProducao;
  const op = soapOperationOf(perfil, operacao);
  const { cabecalho, mensagem: arg } = perfil.soap.argumentos;
  return (
    `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Body>` +
    `<ns1:${op} xmlns:ns1="${ns}"><${cabecalho}>${escapeText(headerMessage(perfil))}</${cabecalho}>` +
    `<${arg}>${escapeText(mensagem)}</${arg}></ns1:${op}></soap:Body></soap:Envelope>`
  );
}

/**
 * One call to a 1.00 family's service (or its simulator) over the client's mutual-TLS dispatcher; the answer is the
 * document inside `<return>`. A timeout may have reached the service (the caller asks before resending); a refused
 * connection did not.
 */
export async function callAbrasf1(
  client: AuthorityClient,
  perfil: PerfilAbrasf1,
  operacao: OperacaoAbrasf1,
  mensagem: string,
): Promise<AbrasfAnswer> {
  const headers: Record<string, string> = {
    'content-type': 'text/xml; charset=utf-8',
    soapaction: `"${perfil.soap.soapAction}"`,
  };
  if (client.scenario) headers['x-simulador-cenario'] = client.scenario;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), controller.abort()), client.timeoutMs);
  try {
    const res = await request(client.baseUrl, {
      method: 'POST',
      dispatcher: client.dispatcher,
      signal: controller.signal,
      headersTimeout: client.timeoutMs,
      bodyTimeout: client.timeoutMs,
      headers,
      body: abrasf1Envelope(perfil, operacao, mensagem),
    });
    const text = await res.body.text();
    const xml = res.statusCode === 200 ? soapString(text, 'return') : null;
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
      cause: res.statusCode === 200 ? 'resposta sem return' : `HTTP ${res.statusCode}`,
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
