import { createAuthorityClient, type AuthorityClient } from '../authority-client.js';
import { chooseEndpoint, type Credentials } from '../endpoint.js';
import type { Environment } from '../../nucleo/environment.js';
import { postSoap12 } from '../post-soap12.js';
import { ufDoCodigo } from '../../tabelas/index.js';
import { autorizadorDaUf, nfeEndpoint, type NfeService } from './nfe-endpoint.js';
import { buildConsSitNFe, buildConsStatServ, buildEnviNFe } from './build-nfe-messages.js';
import { soapEnvelope, WSDL_NS } from '../soap-envelope.js';

/** Who is called and as whom: the issuer's UF (cUF) picks the authoriser, its A1 opens the mutual TLS. */
export interface SefazTarget {
  environment: Environment;
  cUF: string;
  /** X-Service-Simular of the note: such a call always goes to the simulator, never to a real SEFAZ. */
  simulacao: string | null;
  credentials: Credentials;
}

export interface SefazSend extends SefazTarget {
  chave: string;
  /** The signed NFe exactly as stored: a resend is byte-identical. */
  xml: string;
}

/**
 * The authoriser did not take the request: the connection failed or it answered 502/503 (its front refusing
 * work). Nothing reached it, so the note may go to EPEC contingency. A timeout is not an outage: the
 * authority may have processed the note, which only a query by key can tell.
 */
export class AutorizadorForaDoAr extends Error {}

/**
 * The state authorities as the engine sees them, one method per web service, each returning the SOAP 1.2 answer.
 * `authorize` returns null when the answer was lost (the note may exist there); every method throws
 * AutorizadorForaDoAr when the service was not reached, and other errors when the answer is unusable.
 */
export interface SefazGateway {
  /** NFeAutorizacao4, synchronous. */
  authorize(send: SefazSend): Promise<string | null>;
  /** NFeConsultaProtocolo4. */
  query(chave: string, target: SefazTarget): Promise<string>;
  /** NfeStatusServico4 of the issuer's authoriser. */
  status(target: SefazTarget): Promise<string>;
  /** RecepcaoEPEC of the national environment (AN), with a signed envEvento of event 110140. */
  registerEpec(envEvento: string, target: SefazTarget): Promise<string>;
  /** NFeRecepcaoEvento4 of the issuer's authoriser (cancelamento, CC-e): the answer, or null when it was lost. */
  sendEvent(envEvento: string, target: SefazTarget): Promise<string | null>;
  /** NFeInutilizacao4 with the signed inutNFe: the answer, or null when it was lost. */
  inutilize(signedInutNFe: string, target: SefazTarget): Promise<string | null>;
  /** CadConsultaCadastro4 of the UF of `target.cUF` (the UF asked about, not the issuer's) with a consCad. */
  consultCadastro(consCad: string, target: SefazTarget): Promise<string>;
}

export interface SefazGatewayOptions {
  /**
   * SEFAZ_URL_TEST / SEFAZ_URL_LIVE: null → the built-in simulator (the embedded default); 'oficial' → the
   * official endpoint of the issuer's authoriser (nfe/webservices/webservices.json); a URL → one server answering
   * every operation at <url>/<operation> (a test double or a standalone simulator).
   */
  urls: { test: string | null; live: string | null };
  /** The in-process simulator's base (…/sefaz/nfe); read on each call, as it listens after start. */
  simulatorUrl: () => string;
  /** Whole-call timeout; a late answer is a lost answer. */
  timeoutMs: number;
  /**
   * CA certificates (PEM) the authorities' https servers are checked against instead of Node's store. The SEFAZ
   * servers present ICP-Brasil chains, which that store lacks; absent = Node's store.
   */
  ca?: string | string[];
}

export const OFFICIAL_ENDPOINTS = 'oficial';

/** The SOAP 1.2 client of the NF-e web services over HTTP, with mutual TLS by the issuer's A1 on https. */
export function httpSefazGateway(options: SefazGatewayOptions): SefazGateway & { close(): Promise<void> } {
  const clients = new Map<string, AuthorityClient>();

  function clientFor(url: string, target: SefazTarget): AuthorityClient {
    const tls = url.startsWith('https:') && !target.simulacao;
    const key = `${url}|${tls ? target.credentials.serial : ''}|${target.simulacao ?? ''}`;
    let client = clients.get(key);
    if (!client) {
      if (clients.size > 500) void closeAll();
      client = createAuthorityClient({
        baseUrl: url,
        timeoutMs: options.timeoutMs,
        tls: tls
          ? {
              privateKeyPem: target.credentials.privateKeyPem,
              certificatePem: target.credentials.certificatePem,
              ca: options.ca,
            }
          : undefined,
        scenario: target.simulacao ?? undefined,
      });
      clients.set(key, client);
    }
    return client;
  }

  function endpoint(service: NfeService, target: SefazTarget): { url: string; action: string; operation: string } {
    const { baseUrl: configured } = chooseEndpoint({
      configured: options.urls[target.environment],
      simulated: options.simulatorUrl(),
      scenario: target.simulacao,
      credentials: target.credentials,
    });
    const uf = ufDoCodigo(target.cUF);
    const autorizador = service === 'RecepcaoEPEC' ? 'AN' : uf ? autorizadorDaUf(uf) : null;
    const official = autorizador ? nfeEndpoint(autorizador, target.environment, service) : null;
    if (!official) throw new Error(`Sem endereço de ${service} para a UF ${uf ?? target.cUF}`);
    const action = `${WSDL_NS}${official.operation}/${official.method}`;
    const url = configured === OFFICIAL_ENDPOINTS ? official.url : `${configured}/${official.operation}`;
    return { url, action, operation: official.operation };
  }

  /** The answer's text; lost → null; not reached → AutorizadorForaDoAr. */
  async function call(service: NfeService, target: SefazTarget, message: string): Promise<string | null> {
    const { url, action, operation } = endpoint(service, target);
    const answer = await postSoap12(clientFor(url, target), action, soapEnvelope('nfeDadosMsg', operation, message));
    if (answer.kind === 'unavailable') {
      if (answer.received === 'no') throw new AutorizadorForaDoAr(`${operation}: ${answer.cause}`);
      return null;
    }
    if (answer.status === 502 || answer.status === 503)
      throw new AutorizadorForaDoAr(`${operation}: HTTP ${answer.status}`);
    // A SOAP fault (500) or a gateway timeout (504) may follow processing: the answer is lost, not refused.
    if (answer.status !== 200) return null;
    return answer.text;
  }

  async function answered(service: NfeService, target: SefazTarget, message: string): Promise<string> {
    const text = await call(service, target, message);
    if (text === null) throw new Error(`${service}: resposta perdida`);
    return text;
  }

  async function closeAll(): Promise<void> {
    const all = [...clients.values()];
    clients.clear();
    await Promise.all(all.map((c) => c.close().catch(() => {})));
  }

  const tpAmb = (target: SefazTarget) => (target.environment === 'live' ? '1' : '2');
  return {
    authorize: (send) => call('NfeAutorizacao', send, buildEnviNFe(send.xml, send.chave.slice(25, 34))),
    query: (chave, target) => answered('NfeConsultaProtocolo', target, buildConsSitNFe(chave, tpAmb(target))),
    status: (target) => answered('NfeStatusServico', target, buildConsStatServ(target.cUF, tpAmb(target))),
    registerEpec: (envEvento, target) => answered('RecepcaoEPEC', target, envEvento),
    sendEvent: (envEvento, target) => call('RecepcaoEvento', target, envEvento),
    inutilize: (signedInutNFe, target) => call('NfeInutilizacao', target, signedInutNFe),
    consultCadastro: (consCad, target) => answered('NfeConsultaCadastro', target, consCad),
    close: closeAll,
  };
}
