import { mayHaveReachedServer } from '../authority-client.js';
import { chooseEndpoint, type Credentials, type SimulatorAddress } from '../endpoint.js';
import { request } from 'undici';
import { escapeText } from '../../xml/el.js';
import { ClientPool } from '../client-pool.js';

/** IBGE code of São Paulo, the municipality this gateway's system serves. */
export const SAO_PAULO_IBGE = '3550308';

/** The synchronous operations of São Paulo's LoteNFe service this service calls, with their request element. */
export const SAO_PAULO_OPERATIONS = {
  EnvioRPS: 'envioRPS',
  EnvioLoteRPS: 'envioLoteRPS',
  ConsultaNFe: 'consultaNFe',
  ConsultaLote: 'consultaLote',
  CancelamentoNFe: 'cancelamentoNFe',
  ConsultaNFeRecebidas: 'consultaNFeRecebidas',
} as const;
export type SaoPauloOperation = keyof typeof SAO_PAULO_OPERATIONS;

const WS_NS = 'http://www.prefeitura.sp.gov.br/nfe';
export const saoPauloAction = (operation: SaoPauloOperation) => `${WS_NS}/ws/${SAO_PAULO_OPERATIONS[operation]}`;

/**
 * São Paulo facts the city does not publish: the dates behind its layout errors (631/632/639/641), the IBS/CBS
 * defaults of layout 2, and the cancellation string's CCM width in layout 2. Each has the most likely value as its
 * default (docs/provedores-nfse.md) and can be changed by configuration.
 */
export interface SaoPauloSettings {
  /** Facts from this date (AAAA-MM-DD, the note's competence) go in layout 2; earlier ones in layout 1. */
  layout2Desde: string;
  /** Simples Nacional taxpayers stay in layout 1 until this date; null: always layout 1 (error 641). */
  layout2SimplesDesde: string | null;
  /** IBSCBS/cIndOp when the request does not say (six digits). */
  cIndOp: string;
  /** IBSCBS/valores/trib/gIBSCBS/cClassTrib when the request does not say (six digits). */
  cClassTrib: string;
  /** Positions of the CCM in the cancellation string in layout 2 (8 per the manual, 12 per some clients). */
  larguraCcmCancelamento: 8 | 12;
}

export const SAO_PAULO_DEFAULTS: SaoPauloSettings = {
  layout2Desde: '2026-01-01',
  layout2SimplesDesde: null,
  cIndOp: '100301',
  cClassTrib: '000001',
  larguraCcmCancelamento: 8,
};

export interface SaoPauloGatewayOptions {
  /** SAO_PAULO_NFSE_URL (https://nfews.prefeitura.sp.gov.br/lotenfe.asmx); null → the built-in simulator. */
  url: string | null;
  /** The São Paulo simulator, always running in-process (the process starts it). */
  simulator: SimulatorAddress;
  /** The WSDL declares SOAP 1.1 and 1.2 bindings with the same actions; the manual names 1.2. */
  soapVersion: '1.1' | '1.2';
  timeoutMs?: number;
  settings: SaoPauloSettings;
}

/** `received` 'no': the connection failed before anything was sent; 'unknown': the city may have processed it. */
export type SaoPauloAnswer =
  | { kind: 'answer'; retornoXml: string }
  | { kind: 'http_error'; status: number; text: string }
  | { kind: 'timeout' }
  | { kind: 'unavailable'; received: 'no' | 'unknown'; cause: string };

/**
 * SOAP calls to São Paulo's LoteNFe web service, `<Op>Request{VersaoSchema, MensagemXML}` → `RetornoXML`, over
 * mutual TLS with the company's A1 to the city, plain http to the simulator. A note with a simulated scenario always
 * goes to the simulator, as on the national path.
 */
export class SaoPauloGateway {
  private readonly clients: ClientPool;

  constructor(private readonly options: SaoPauloGatewayOptions) {
    this.clients = new ClientPool(options.timeoutMs ?? 30_000);
  }

  get settings(): SaoPauloSettings {
    return this.options.settings;
  }

  async call(
    operation: SaoPauloOperation,
    versao: 1 | 2,
    mensagemXml: string,
    credentials: Credentials,
    scenario: string | null,
  ): Promise<SaoPauloAnswer> {
    const endpoint = chooseEndpoint({
      configured: this.options.url,
      simulated: this.options.simulator.url,
      scenario,
      credentials,
    });
    const url = endpoint.baseUrl;
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const body = `<${operation}Request xmlns="${WS_NS}"><VersaoSchema>${versao}</VersaoSchema><MensagemXML>${escapeText(mensagemXml)}</MensagemXML></${operation}Request>`;
    const soap12 = this.options.soapVersion === '1.2';
    const envelope = soap12
      ? `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>${body}</soap12:Body></soap12:Envelope>`
      : `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => ((timedOut = true), controller.abort()), timeoutMs);
    try {
      const res = await request(url, {
        method: 'POST',
        dispatcher: this.clients.get(endpoint).dispatcher,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        headers: {
          ...(soap12
            ? { 'content-type': `application/soap+xml; charset=utf-8; action="${saoPauloAction(operation)}"` }
            : { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${saoPauloAction(operation)}"` }),
          ...(scenario ? { 'x-simulador-cenario': scenario } : {}),
        },
        body: envelope,
      });
      const text = await res.body.text();
      const retorno = /<RetornoXML>([\s\S]*)<\/RetornoXML>/.exec(text)?.[1];
      if (res.statusCode === 200 && retorno !== undefined) return { kind: 'answer', retornoXml: unescapeText(retorno) };
      return { kind: 'http_error', status: res.statusCode, text: text.slice(0, 2000) };
    } catch (err) {
      if (timedOut) return { kind: 'timeout' };
      return {
        kind: 'unavailable',
        received: mayHaveReachedServer(err) ? 'unknown' : 'no',
        cause: err instanceof Error ? err.message : String(err),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return this.clients.close();
  }
}

/** RetornoXML travels escaped (or as CDATA) inside the SOAP answer. */
function unescapeText(text: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(text);
  if (cdata) return cdata[1]!;
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    if (e === 'amp') return '&';
    return String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}
