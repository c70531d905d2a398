import { request } from 'undici';
import { mayHaveReachedServer, type AuthorityClient } from '../authority-client.js';
import type { DeliveryFailure } from '../emission-result.js';

/** The HTTP answer of a SOAP call (any status: a fault is read by the caller), or why there is none. */
export type Soap11Answer = { kind: 'http'; status: number; text: string } | DeliveryFailure;

/**
 * One SOAP 1.1 POST (`text/xml`, the action in SOAPAction) over the client's mutual-TLS dispatcher. A timeout or a
 * connection lost after sending may have reached the service (the caller asks before resending); a refused
 * connection did not. The client's scenario goes as the simulator's X-Simulador-Cenario (set only on its clients).
 */
export async function postSoap11(client: AuthorityClient, action: string, envelope: string): Promise<Soap11Answer> {
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
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        soapaction: `"${action}"`,
        ...(client.scenario ? { 'x-simulador-cenario': client.scenario } : {}),
      },
      body: envelope,
    });
    return { kind: 'http', status: res.statusCode, text: await res.body.text() };
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
