import { mayHaveReachedServer, type AuthorityClient } from './authority-client.js';
import { request } from 'undici';

/** `received` 'no': the connection failed, the service never saw the request; 'unknown': it may have processed it. */
export type Soap12Answer =
  { kind: 'http'; status: number; text: string } | { kind: 'unavailable'; cause: string; received: 'no' | 'unknown' };

/**
 * One SOAP 1.2 POST to a SEFAZ/AN service over the client's mutual-TLS dispatcher, with the action in the
 * Content-Type as SOAP 1.2 carries it. A network
 * failure or timeout is `unavailable`; reading the answer is the caller's. The client's scenario goes as the
 * simulator's X-Simulador-Cenario (set only on clients of the simulator).
 */
export async function postSoap12(client: AuthorityClient, action: string, envelope: string): Promise<Soap12Answer> {
  try {
    const res = await request(client.baseUrl, {
      method: 'POST',
      dispatcher: client.dispatcher,
      headersTimeout: client.timeoutMs,
      bodyTimeout: client.timeoutMs,
      headers: {
        'content-type': `application/soap+xml;charset=utf-8;action="${action}"`,
        ...(client.scenario ? { 'x-simulador-cenario': client.scenario } : {}),
      },
      body: envelope,
    });
    return { kind: 'http', status: res.statusCode, text: await res.body.text() };
  } catch (err) {
    return {
      kind: 'unavailable',
      cause: err instanceof Error ? err.message : String(err),
      received: mayHaveReachedServer(err) ? 'unknown' : 'no',
    };
  }
}
