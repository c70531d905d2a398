import { request } from 'undici';
import {
  errorCode,
  hasCode,
  mayHaveReachedServer,
  type AuthorityClient,
  type CallOptions,
} from '../authority-client.js';
import type { DeliveryFailure, EmissionResult, Rejected } from '../emission-result.js';
import { gunzipBase64, gzipBase64 } from '../../xml/gzip-base64.js';
import { CAMINHOS_SEFIN, caminhoSefin, type CaminhosSefin } from './caminhos-sefin.js';
import {
  decodeEventPayload,
  field,
  readAlerts,
  readErrors,
  readNfseKey,
  readNfseNumber,
  readString,
} from './read-errors.js';

export type QueryDpsResult =
  { kind: 'found'; chave?: string } | { kind: 'not_found' } | { kind: 'unknown'; status?: number; cause: string };

export type GetNfseResult =
  | { kind: 'found'; chave: string; nfseXml: string; numero: string }
  | { kind: 'not_found' }
  | { kind: 'unknown'; status?: number; cause: string };

export type RegisterEventResult = { kind: 'registered'; eventoXml: string } | Rejected | DeliveryFailure;

export type GetEventResult =
  | { kind: 'found'; eventos: Array<{ tipoEvento?: string; nSeqEvento?: string; xml: string }> }
  | { kind: 'not_found' }
  | { kind: 'unknown'; status?: number; cause: string };

type Raw =
  | { kind: 'response'; status: number; body: unknown }
  | { kind: 'timeout' }
  | { kind: 'network'; sent: boolean; cause: string };

async function send(
  client: AuthorityClient,
  method: 'GET' | 'HEAD' | 'POST',
  path: string,
  body: unknown,
  call: CallOptions = {},
): Promise<Raw> {
  const timeoutMs = call.timeoutMs ?? client.timeoutMs;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), controller.abort()), timeoutMs);
  const scenario = call.scenario ?? client.scenario;
  try {
    const res = await request(`${client.baseUrl}${path}`, {
      method,
      dispatcher: client.dispatcher,
      signal: controller.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(scenario ? { 'x-simulador-cenario': scenario } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text; // IIS error pages are HTML
    }
    return { kind: 'response', status: res.statusCode, body: parsed };
  } catch (err) {
    if (timedOut || hasCode(err, 'UND_ERR_HEADERS_TIMEOUT') || hasCode(err, 'UND_ERR_BODY_TIMEOUT'))
      return { kind: 'timeout' };
    return {
      kind: 'network',
      sent: mayHaveReachedServer(err),
      cause: `${errorCode(err)}: ${err instanceof Error ? err.message : String(err)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Shared mapping for POSTs; `success` reads a 200/201 body. */
function classifyPost<T>(raw: Raw, success: (body: unknown) => T | null): T | Rejected | DeliveryFailure {
  if (raw.kind === 'timeout') return { kind: 'timeout' };
  if (raw.kind === 'network') {
    // Refused/unreachable: nothing left this host. Reset after sending: the server may have processed it.
    return raw.sent
      ? { kind: 'transmission_failed', received: 'unknown', cause: raw.cause, erros: [] }
      : { kind: 'unavailable', received: 'no', cause: raw.cause };
  }
  const { status, body } = raw;
  const erros = readErrors(body);
  if (status === 200 || status === 201) {
    return (
      success(body) ?? {
        kind: 'transmission_failed',
        status,
        received: 'unknown',
        cause: 'resposta de sucesso sem documento',
        erros,
      }
    );
  }
  if (status === 400 || status === 422)
    return { kind: 'rejected', status, erros, idDps: readString(body, 'idDPS') ?? readString(body, 'idDps') };
  // 500/504: the request reached the application, which may have committed; 502/503: it did not get there.
  if (status >= 500)
    return {
      kind: 'unavailable',
      status,
      received: status === 500 || status === 504 ? 'unknown' : 'no',
      cause: `HTTP ${status}`,
    };
  // 401/403/495 (certificate refused before processing), 404/405 (wrong base URL): nothing was processed.
  return { kind: 'transmission_failed', status, received: 'no', cause: `HTTP ${status}`, erros };
}

/**
 * A POST of a JSON body to a service of this contract's family (a provider's own paths and members): a 200/201
 * answer is read by `success`, every other answer as Sefin's (rejection, outage, not processed).
 */
export async function postJson<T>(
  client: AuthorityClient,
  path: string,
  body: unknown,
  success: (body: unknown) => T | null,
  options: CallOptions = {},
): Promise<T | Rejected | DeliveryFailure> {
  return classifyPost(await send(client, 'POST', path, body, options), success);
}

export type QueryJsonResult =
  | { kind: 'found'; body: unknown }
  | { kind: 'not_found'; body: unknown }
  | { kind: 'unknown'; status?: number; cause: string };

/** A GET whose 200 body is JSON (the ADN parameters API): 404 is an answer, anything else is no answer. */
export async function queryJson(
  client: AuthorityClient,
  path: string,
  options: CallOptions = {},
): Promise<QueryJsonResult> {
  const raw = await send(client, 'GET', path, undefined, options);
  if (raw.kind === 'timeout') return { kind: 'unknown', cause: 'timeout' };
  if (raw.kind === 'network') return { kind: 'unknown', cause: raw.cause };
  if (raw.status === 200 && typeof raw.body === 'object' && raw.body !== null) return { kind: 'found', body: raw.body };
  if (raw.status === 404) return { kind: 'not_found', body: raw.body };
  return { kind: 'unknown', status: raw.status, cause: `HTTP ${raw.status}` };
}

/** The paths of the service a call goes to: Sefin's, or a provider's with the same contract elsewhere. */
type ComCaminhos = { caminhos?: CaminhosSefin };

/** POST /nfse with {dpsXmlGZipB64}: the signed DPS must be sent byte for byte as signed (E0714 otherwise). */
export async function emitDps(
  client: AuthorityClient,
  options: CallOptions & ComCaminhos & { dpsXml: string },
): Promise<EmissionResult> {
  const caminho = (options.caminhos ?? CAMINHOS_SEFIN).emitir;
  const raw = await send(client, 'POST', caminho, { dpsXmlGZipB64: gzipBase64(options.dpsXml) }, options);
  return classifyPost(raw, (body) => {
    const b64 = readString(body, 'nfseXmlGZipB64');
    if (!b64) return null;
    const nfseXml = gunzipBase64(b64);
    // Do not trust idDps/chaveAcesso blindly: the live service was seen putting "NFS"+chave in idDps.
    const chave = readNfseKey(nfseXml) ?? readString(body, 'chaveAcesso') ?? '';
    return {
      kind: 'authorized',
      chave,
      nfseXml,
      numero: readNfseNumber(nfseXml) ?? '',
      alertas: readAlerts(body),
      dataHoraProcessamento: readString(body, 'dataHoraProcessamento'),
    };
  });
}

/** GET (key for actors of the note) or HEAD (existence, any certificate) /dps/{id} — recovery after a lost answer. */
export async function queryDps(
  client: AuthorityClient,
  options: CallOptions & ComCaminhos & { idDps: string; method?: 'GET' | 'HEAD' },
): Promise<QueryDpsResult> {
  const method = options.method ?? 'GET';
  const path = caminhoSefin((options.caminhos ?? CAMINHOS_SEFIN).dps, { id: options.idDps });
  const raw = await send(client, method, path, undefined, options);
  if (raw.kind === 'timeout') return { kind: 'unknown', cause: 'timeout' };
  if (raw.kind === 'network') return { kind: 'unknown', cause: raw.cause };
  if (raw.status === 200)
    return { kind: 'found', chave: method === 'GET' ? readString(raw.body, 'chaveAcesso') : undefined };
  if (raw.status === 404) return { kind: 'not_found' };
  return { kind: 'unknown', status: raw.status, cause: `HTTP ${raw.status}` };
}

export async function getNfse(
  client: AuthorityClient,
  options: CallOptions & ComCaminhos & { chave: string },
): Promise<GetNfseResult> {
  const path = caminhoSefin((options.caminhos ?? CAMINHOS_SEFIN).nfse, { chave: options.chave });
  const raw = await send(client, 'GET', path, undefined, options);
  if (raw.kind === 'timeout') return { kind: 'unknown', cause: 'timeout' };
  if (raw.kind === 'network') return { kind: 'unknown', cause: raw.cause };
  if (raw.status === 404) return { kind: 'not_found' };
  const b64 = raw.status === 200 ? readString(raw.body, 'nfseXmlGZipB64') : undefined;
  if (!b64) return { kind: 'unknown', status: raw.status, cause: `HTTP ${raw.status}` };
  const nfseXml = gunzipBase64(b64);
  return {
    kind: 'found',
    chave: readNfseKey(nfseXml) ?? options.chave,
    nfseXml,
    numero: readNfseNumber(nfseXml) ?? '',
  };
}

/** POST /nfse/{chave}/eventos with {pedidoRegistroEventoXmlGZipB64}. E0840 = an event already blocks it. */
export async function registerEvent(
  client: AuthorityClient,
  options: CallOptions & ComCaminhos & { chave: string; eventXml: string },
): Promise<RegisterEventResult> {
  const body = { pedidoRegistroEventoXmlGZipB64: gzipBase64(options.eventXml) };
  const path = caminhoSefin((options.caminhos ?? CAMINHOS_SEFIN).eventos, { chave: options.chave });
  const raw = await send(client, 'POST', path, body, options);
  return classifyPost(raw, (b) => {
    const b64 = readString(b, 'eventoXmlGZipB64');
    return b64 ? { kind: 'registered' as const, eventoXml: gunzipBase64(b64) } : null;
  });
}

/** GET /nfse/{chave}/eventos/{tipo}/{seq} — the only event query path that works live. */
export async function getEvent(
  client: AuthorityClient,
  options: CallOptions & ComCaminhos & { chave: string; tipoEvento: string; nSeqEvento: number },
): Promise<GetEventResult> {
  const path = caminhoSefin((options.caminhos ?? CAMINHOS_SEFIN).evento, {
    chave: options.chave,
    tipo: options.tipoEvento,
    seq: options.nSeqEvento,
  });
  const raw = await send(client, 'GET', path, undefined, options);
  if (raw.kind === 'timeout') return { kind: 'unknown', cause: 'timeout' };
  if (raw.kind === 'network') return { kind: 'unknown', cause: raw.cause };
  if (raw.status === 404) return { kind: 'not_found' };
  if (raw.status !== 200) return { kind: 'unknown', status: raw.status, cause: `HTTP ${raw.status}` };
  const single = readString(raw.body, 'eventoXmlGZipB64');
  const list = field(raw.body, 'eventos');
  const eventos = single
    ? [{ xml: decodeEventPayload(single) }]
    : (Array.isArray(list) ? list : []).map((e) => ({
        tipoEvento: readString(e, 'tipoEvento'),
        nSeqEvento: readString(e, 'numeroPedidoRegistroEvento'),
        xml: decodeEventPayload(readString(e, 'arquivoXml') ?? ''),
      }));
  return eventos.length > 0 ? { kind: 'found', eventos } : { kind: 'not_found' };
}
