import { Agent } from 'undici';

export interface AuthorityClientOptions {
  /** Service base, e.g. https://sefin.producaorestrita.nfse.gov.br/SefinNacional, or the simulator's http URL. */
  baseUrl: string;
  /** A1 key and certificate (PEM) for mutual TLS; required by the real service, ignored over plain http. */
  tls?: { privateKeyPem: string; certificatePem: string; ca?: string | string[] };
  /** Whole-call timeout (connect + send + answer); default 30 s. */
  timeoutMs?: number;
  /** X-Simulador-Cenario sent on every call (simulator only; never set it against the real service). */
  scenario?: string;
}

export interface AuthorityClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly scenario?: string;
  readonly dispatcher: Agent;
  close(): Promise<void>;
}

export interface CallOptions {
  timeoutMs?: number;
  scenario?: string;
}

export function createAuthorityClient(options: AuthorityClientOptions): AuthorityClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const dispatcher = new Agent({
    // Sefin refuses HTTP/2 on authenticated paths (HTTP_1_1_REQUIRED, observed on the live service).
    allowH2: false,
    connect: {
      timeout: Math.min(timeoutMs, 10_000),
      // TLS 1.2 or later, stated rather than left to Node's default: São Paulo answers older versions with HTTP 426.
      ...(options.tls
        ? {
            key: options.tls.privateKeyPem,
            cert: options.tls.certificatePem,
            ca: options.tls.ca,
            ALPNProtocols: ['http/1.1'],
            minVersion: 'TLSv1.2' as const,
          }
        : {}),
    },
  });
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    timeoutMs,
    scenario: options.scenario,
    dispatcher,
    close: () => dispatcher.close(),
  };
}

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** False when the connection itself failed (refused, unresolved, unreachable): nothing left this host. */
export function mayHaveReachedServer(err: unknown): boolean {
  return !CONNECT_CODES.has(errorCode(err));
}

export function errorCode(err: unknown): string {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return 'UNKNOWN';
}

export function hasCode(err: unknown, code: string): boolean {
  return errorCode(err) === code;
}
