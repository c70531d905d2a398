import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { request } from 'undici';
import { createAuthorityClient, type AuthorityClient } from '../../engine/autoridades/authority-client.js';
import {
  CAMINHOS_SEFIN,
  caminhoSefin,
  type CaminhosSefin,
} from '../../engine/autoridades/nfse-nacional/caminhos-sefin.js';
import type { PerfilLayoutNacional } from '../../engine/nfse/layout-nacional/perfil-layout-nacional.js';
import { perfilLayoutNacional } from '../../engine/nfse/layout-nacional/perfis-layout-nacional.js';
import { provedorMunicipio } from '../../engine/tabelas/provedor-municipio.js';
import { escapeText } from '../../engine/xml/el.js';
import { gunzipBase64, gzipBase64 } from '../../engine/xml/gzip-base64.js';
import type { XmlSigner } from '../../engine/xml/sign-xml.js';
import { createSimulator, type SimulatedNote, type Simulator } from '../nacional/create-simulator.js';
import { SCENARIO_HEADER } from '../nacional/scenario.js';
import { readBody } from '../nacional/send-json.js';
import { handleSoapDps, type OperacaoSoapDps } from './handle-soap-dps.js';
import { RejeicoesDps } from './rejeicoes-dps.js';

export interface CreateLayoutNacionalSimulatorOptions {
  clock?: () => Date;
  /** Append-only JSON-lines state, reloaded on start; in memory only when absent. */
  stateDir?: string;
  /** The key that signs the notes and events the providers issue; a self-signed one is generated when absent. */
  signer?: XmlSigner;
}

/** One request the simulator received, for tests. */
export interface LayoutNacionalCall {
  ibge: string;
  perfil: string;
  /** The SOAP operation, or `rest` with the method and path for the REST shape. */
  operacao: OperacaoSoapDps | 'rest';
  /** SOAPAction (SOAP), or method and path (REST). */
  acao: string;
  /** The request body as received (the envelope, or the JSON). */
  corpo: string;
  /** The national document it carried (DPS or pedRegEvento), as the national side received it; null for queries. */
  documento: string | null;
}

export interface LayoutNacionalSimulator {
  handler: RequestListener;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Base URL once listening; each municipality's service is at <url>/<IBGE> (REST paths appended to it). */
  readonly url: string;
  /** The notes the providers issued (national layout). */
  notes(): SimulatedNote[];
  calls(): LayoutNacionalCall[];
  /**
   * The scenario (X-Simulador-Cenario values) the next issuing or cancelling calls of a provider (CNPJ/CPF) play,
   * once each: a production key cannot send X-Service-Simular. `indisponibilidade` answers 503 to any call.
   */
  playNext(prestador: string, scenario: string, times?: number): void;
}

/** Long enough for a held answer (timeout scenario) to outlast the client's own timeout. */
const HELD_MS = 10 * 60_000;

/**
 * The services of the providers that take the national DPS, one per transport shape, at <url>/<IBGE> for every
 * municipality whose provider has a profile: SOAP (the documents inline in the profile's wrappers, the operation
 * named by SOAPAction) and REST with Sefin's contract. Behind both, a national simulator of its own validates every
 * DPS and event (national XSD, signature, rules) and keeps the notes as JSON lines, so each shape answers from the
 * same notes in its own format.
 */
/** What the handlers share: the national side, its client, the kept rejections, the calls and the queued scenarios. */
interface Shared {
  national: Simulator;
  sefin: () => AuthorityClient;
  rejeicoes: RejeicoesDps;
  calls: LayoutNacionalCall[];
  queued: Map<string, string[]>;
}

/**
 * The services of the providers that take the national DPS, one per transport shape, at <url>/<IBGE> for every
 * municipality whose provider has a profile: SOAP (the documents inline in the profile's wrappers, the operation
 * named by SOAPAction) and REST with Sefin's contract. Behind both, a national simulator of its own validates every
 * DPS and event (national XSD, signature, rules) and keeps the notes as JSON lines, so each shape answers from the
 * same notes in its own format.
 */
export function createLayoutNacionalSimulator(options: CreateLayoutNacionalSimulatorOptions): LayoutNacionalSimulator {
  const stateDir = options.stateDir ? join(options.stateDir, 'layout-nacional') : undefined;
  const national: Simulator = createSimulator({
    clock: options.clock,
    stateDir,
    signer: options.signer,
    idDpsMinusculo: true,
  });
  let sefin: AuthorityClient | null = null;
  const shared: Shared = {
    national,
    sefin: () => sefin!,
    rejeicoes: new RejeicoesDps(stateDir),
    calls: [],
    queued: new Map(),
  };
  const handler: RequestListener = (req, res) => {
    handle(shared, req, res).catch((err: unknown) =>
      send(res, 500, fault(`Falha do simulador: ${err instanceof Error ? err.message : String(err)}`)),
    );
  };
  const server = createServer(handler);
  let url = '';
  return {
    handler,
    get url() {
      if (!url) throw new Error('Simulador do layout nacional ainda não está escutando');
      return url;
    },
    async listen(port = 0, host = '127.0.0.1') {
      await national.listen(0, '127.0.0.1');
      sefin = createAuthorityClient({ baseUrl: national.url, timeoutMs: HELD_MS });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          url = `http://${host}:${(server.address() as AddressInfo).port}`;
          resolve(url);
        });
      });
    },
    async close() {
      // The national side first: it drops the answers it holds, so the calls waiting on it end.
      await national.close();
      await sefin?.close();
      shared.rejeicoes.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    notes: () => national.notes(),
    calls: () => [...shared.calls],
    playNext(prestador, scenario, times = 1) {
      const queue = shared.queued.get(prestador) ?? [];
      for (let i = 0; i < times; i++) queue.push(scenario);
      shared.queued.set(prestador, queue);
    },
  };
}

async function handle(shared: Shared, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ibge = /^\/(\d{7})(?=\/|$|\?)/.exec(req.url ?? '')?.[1] ?? '';
  const perfil = perfilLayoutNacional(provedorMunicipio(ibge)?.nome ?? null);
  if (!perfil) {
    req.resume();
    return send(res, 404, 'Serviço não encontrado.');
  }
  if (perfil.soap) return handleSoap(shared, req, res, ibge, perfil);
  return perfil.lote ? handleLote(shared, req, res, ibge, perfil) : handleRest(shared, req, res, ibge, perfil);
}

/** The scenario of a call: the header, else the provider's next queued one (only an outage for a query). */
function scenarioFor(shared: Shared, req: IncomingMessage, issuing: boolean, documento: string | null): string | null {
  const header = req.headers[SCENARIO_HEADER];
  if (header) return String(header);
  const queue = shared.queued.get(prestadorOf(documento ?? '', shared.national));
  const next = queue?.[0];
  if (!next || (!next.startsWith('indisponibilidade') && !issuing)) return null;
  queue!.shift();
  return next;
}

async function handleSoap(
  shared: Shared,
  req: IncomingMessage,
  res: ServerResponse,
  ibge: string,
  perfil: PerfilLayoutNacional,
): Promise<void> {
  const soap = perfil.soap!;
  const body = await readBody(req);
  const acao = String(req.headers.soapaction ?? '').replace(/"/g, '');
  const operacao = (['emitir', 'consultar', 'cancelar'] as const).find(
    (op) =>
      soap[op].acao === acao &&
      new RegExp(`<(?:[\\w.-]+:)?${soap[op].elemento}[\\s>]`).test(body) &&
      body.includes(`"${soap.namespace}"`),
  );
  if (req.method !== 'POST' || !operacao)
    return send(res, 500, fault(`Operação desconhecida: SOAPAction ${acao || '(ausente)'}`));
  const documento = operacao === 'emitir' ? dpsOf(body) : operacao === 'cancelar' ? pedidoOf(body) : null;
  shared.calls.push({ ibge, perfil: perfil.nome, operacao, acao, corpo: body, documento });
  const scenario = scenarioFor(shared, req, operacao !== 'consultar', documento);
  if (scenario?.startsWith('indisponibilidade')) return send(res, 503, 'Service Unavailable');
  const answer = await handleSoapDps(
    { soap, atributoId: perfil.atributoId, sefin: shared.sefin(), rejeicoes: shared.rejeicoes, scenario },
    operacao,
    body,
  );
  send(res, answer.status, answer.body);
}

/**
 * Sefin's REST contract at the profile's paths on the provider's URL: the call goes to the national side at Sefin's
 * path of the same operation (a path of none of the profile's operations is answered 404).
 */
async function handleRest(
  shared: Shared,
  req: IncomingMessage,
  res: ServerResponse,
  ibge: string,
  perfil: PerfilLayoutNacional,
): Promise<void> {
  const path = (req.url ?? '').slice(ibge.length + 1);
  const method = req.method ?? 'GET';
  const body = method === 'POST' ? await readBody(req) : undefined;
  const documento = body ? documentOfJson(body) : null;
  const nacional = caminhoNacional(perfil.rest!.caminhos, method, path, documento);
  shared.calls.push({
    ibge,
    perfil: perfil.nome,
    operacao: 'rest',
    acao: `${method} ${path}`,
    corpo: body ?? '',
    documento,
  });
  if (!nacional) return send(res, 404, 'Caminho desconhecido.');
  const scenario = scenarioFor(shared, req, method === 'POST', documento);
  if (scenario?.startsWith('indisponibilidade')) return send(res, 503, 'Service Unavailable');
  const answer = await request(`${shared.national.url}${nacional}`, {
    method: method as 'GET',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(scenario ? { [SCENARIO_HEADER]: scenario } : {}),
    },
    body,
    headersTimeout: HELD_MS,
    bodyTimeout: HELD_MS,
  });
  const text = await answer.body.text();
  if (res.headersSent || res.destroyed) return;
  res.writeHead(answer.statusCode, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * The lot-taking REST shape: a lot's one document goes to the national side (a DPS to its reception, an event to
 * its note's), the answer as one `lote` item (rejections as the item's `erros`); the DPS query asks the national side
 * for the DPS of that provider, series and number in this municipality and answers its note in `notas`.
 */
async function handleLote(
  shared: Shared,
  req: IncomingMessage,
  res: ServerResponse,
  ibge: string,
  perfil: PerfilLayoutNacional,
): Promise<void> {
  const lote = perfil.lote!;
  const path = (req.url ?? '').slice(ibge.length + 1).split('?')[0]!;
  const method = req.method ?? 'GET';
  const body = method === 'POST' ? await readBody(req) : undefined;
  const documento = body ? documentOfLot(body) : null;
  shared.calls.push({
    ibge,
    perfil: perfil.nome,
    operacao: 'rest',
    acao: `${method} ${path}`,
    corpo: body ?? '',
    documento,
  });
  const consulta = new RegExp(`^${lote.consultarDps.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`).exec(path)?.groups;
  const recepcao = method === 'POST' && path === lote.enviar && documento;
  if (!recepcao && !(method === 'GET' && consulta)) return send(res, 404, 'Caminho desconhecido.');
  const scenario = scenarioFor(shared, req, method === 'POST', documento);
  if (scenario?.startsWith('indisponibilidade')) return send(res, 503, 'Service Unavailable');
  const national = (caminho: string, json?: unknown) =>
    request(`${shared.national.url}${caminho}`, {
      method: json ? 'POST' : 'GET',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(scenario ? { [SCENARIO_HEADER]: scenario } : {}),
      },
      body: json ? JSON.stringify(json) : undefined,
      headersTimeout: HELD_MS,
      bodyTimeout: HELD_MS,
    }).then(async (r) => ({
      status: r.statusCode,
      json: JSON.parse((await r.body.text()) || '{}') as Record<string, unknown>,
    }));
  let answer: { status: number; json: unknown };
  if (recepcao) {
    const dps = documento.includes('<DPS');
    const chave = /<chNFSe>(\d+)<\/chNFSe>/.exec(documento)?.[1] ?? '';
    const got = dps
      ? await national('/nfse', { dpsXmlGZipB64: gzipBase64(documento) })
      : await national(`/nfse/${chave}/eventos`, { pedidoRegistroEventoXmlGZipB64: gzipBase64(documento) });
    const xml = got.json[dps ? 'nfseXmlGZipB64' : 'eventoXmlGZipB64'];
    const item = xml
      ? { id: got.json.idDps ?? got.json.idDPS ?? null, chaveAcesso: got.json.chaveAcesso ?? chave, xmlGZipB64: xml }
      : { erros: got.json.erros ?? [] };
    answer =
      got.status >= 500
        ? got
        : { status: 200, json: { dataHoraProcessamento: got.json.dataHoraProcessamento, lote: [item] } };
  } else {
    const { inscricao, serie, numero } = consulta!;
    const idDps =
      `DPS${ibge}${inscricao!.length === 11 ? '1' : '2'}${inscricao!.padStart(14, '0')}` +
      `${serie!.padStart(5, '0')}${numero!.padStart(15, '0')}`;
    const dps = await national(`/dps/${idDps}`);
    const nfse = dps.status === 200 ? await national(`/nfse/${String(dps.json.chaveAcesso)}`) : null;
    answer =
      dps.status >= 500
        ? dps
        : {
            status: 200,
            json: {
              notas:
                nfse?.status === 200 ? [{ chave: dps.json.chaveAcesso, xmlGZipB64: nfse.json.nfseXmlGZipB64 }] : [],
            },
          };
  }
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(answer.json);
  res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The one document a lot carries. */
function documentOfLot(body: string): string | null {
  try {
    const lote = (JSON.parse(body) as { loteXmlGZipB64?: unknown }).loteXmlGZipB64;
    return Array.isArray(lote) && typeof lote[0] === 'string' ? gunzipBase64(lote[0]) : null;
  } catch {
    return null;
  }
}

/** The operations a method reaches: receptions are POSTs, queries GETs (or HEAD). */
const POSTS: ReadonlySet<keyof CaminhosSefin> = new Set(['emitir', 'eventos']);

/**
 * Sefin's path of the operation a call names at the profile's paths, its placeholders taken from the call's path, and
 * the note's key from the event's `chNFSe` where the profile's event reception leaves it out; null when none matches.
 */
function caminhoNacional(
  caminhos: CaminhosSefin,
  method: string,
  path: string,
  documento: string | null,
): string | null {
  const semConsulta = path.split('?')[0]!;
  for (const operacao of Object.keys(caminhos) as Array<keyof CaminhosSefin>) {
    if (POSTS.has(operacao) !== (method === 'POST')) continue;
    const molde = caminhos[operacao].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
    const achado = new RegExp(`^${molde}$`).exec(semConsulta);
    if (!achado) continue;
    const valores = achado.groups ?? {};
    const chave = valores.chave ?? /<chNFSe>(\d+)<\/chNFSe>/.exec(documento ?? '')?.[1];
    const todos = { ...mapValues(valores, decodeURIComponent), ...(chave ? { chave } : {}) };
    return caminhoSefin(CAMINHOS_SEFIN[operacao], todos);
  }
  return null;
}

const mapValues = (o: Record<string, string>, f: (v: string) => string) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

const dpsOf = (body: string) => /<DPS[\s>][\s\S]*<\/DPS>/.exec(body)?.[0] ?? null;
const pedidoOf = (body: string) => /<pedRegEvento[\s>][\s\S]*<\/pedRegEvento>/.exec(body)?.[0] ?? null;

/** The DPS or pedRegEvento a Sefin-contract JSON body carries. */
function documentOfJson(body: string): string | null {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const payload = json.dpsXmlGZipB64 ?? json.pedidoRegistroEventoXmlGZipB64;
    return typeof payload === 'string' ? gunzipBase64(payload) : null;
  } catch {
    return null;
  }
}

/** The provider (CNPJ/CPF) a document is about: the DPS's prest, or the note an event's chNFSe names. */
function prestadorOf(documento: string, national: Simulator): string {
  const prest = /<prest>\s*<(?:CNPJ|CPF)>(\d+)</.exec(documento)?.[1];
  if (prest) return prest;
  const chave = /<chNFSe>(\d+)<\/chNFSe>/.exec(documento)?.[1];
  return (chave && national.note(chave)?.inscricao) || '';
}

function fault(reason: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>' +
    `<faultcode>soap:Client</faultcode><faultstring>${escapeText(reason)}</faultstring></soap:Fault></soap:Body></soap:Envelope>`
  );
}

function send(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
