import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateTestCertificate } from '../../engine/certificados/generate-test-certificate.js';
import { loadLibxml2 } from '../../engine/xml/libxml2.js';
import { createXmlSigner, type XmlSigner } from '../../engine/xml/sign-xml.js';
import { handleEmission } from './handle-emission.js';
import { handleDistribution, type DistributionFault } from './handle-distribution.js';
import { handleEvent } from './handle-event.js';
import { handleDpsQuery, handleGetEvent, handleGetNfse } from './handle-queries.js';
import { sendJson } from './send-json.js';
import { OutageTracker } from './outage-tracker.js';
import type { RequestScope } from './request-scope.js';
import { processDps } from './process-dps.js';
import { CTE_DISTRIBUTION, NFE_DISTRIBUTION } from '../../engine/captura/sefaz-service.js';
import { SefazDistribution } from './sefaz-distribution.js';
import { SefazEventReception } from './sefaz-event-reception.js';
import { SefazSimulator } from '../sefaz/sefaz-simulator.js';
import { parseScenario, SCENARIO_HEADER } from './scenario.js';
import { ConsultasPublicasSimuladas } from '../cadastros/consultas-publicas-simuladas.js';
import { ParametrizacaoSimulada } from './parametrizacao-simulada.js';
import type { SimulatorContext, SimulatorDelays } from './simulator-context.js';
import { SimulatorState, type StoredNote } from './simulator-state.js';

export interface CreateSimulatorOptions {
  clock?: () => Date;
  /** Append-only JSON-lines state, reloaded on start; in memory only when absent. */
  stateDir?: string;
  delays?: SimulatorDelays;
  /** Serve one environment only; by default both (choose per URL with a /producao or /producaorestrita prefix). */
  ambiente?: '1' | '2';
  /** Key that signs the generated NFS-e and events; a self-signed one is generated when absent. */
  signer?: XmlSigner;
  /**
   * Also take a DPS whose `infDPS` identifier is the lower-case `id` a provider's schema spells (the national side
   * of the providers' simulator); Sefin itself refuses it by schema.
   */
  idDpsMinusculo?: boolean;
}

/** Base path of the simulated NF-e authorities: SEFAZ_URL_TEST=<simulator>/sefaz/nfe reaches them. */
export const SEFAZ_NFE_PATH = '/sefaz/nfe';

/** A note as the simulated national side holds it (status follows cancellations and substitutions). */
export type SimulatedNote = StoredNote;

export interface Simulator {
  handler: RequestListener;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Base URL once listening, e.g. http://127.0.0.1:40123 (Sefin paths are appended to it). */
  readonly url: string;
  countNotesByDps(idDps: string): number;
  notes(): SimulatedNote[];
  note(chave: string): SimulatedNote | undefined;
  /** Global outage for tests: every route answers 503 for `calls` calls or `ms` milliseconds. */
  startOutage(spec: { calls?: number; ms?: number }): void;
  /** Tests: the ADN distribution for this CPF/CNPJ rejects or is unavailable until cleared (null). */
  setDistributionFault(party: string, fault: DistributionFault | null): void;
  /** The simulated SEFAZ NFeDistribuicaoDFe (POST /sefaz/NFeDistribuicaoDFe): fixtures and faults per CNPJ. */
  readonly sefaz: SefazDistribution;
  /** The simulated SEFAZ CTeDistribuicaoDFe (POST /sefaz/CTeDistribuicaoDFe), the same for CT-e. */
  readonly sefazCte: SefazDistribution;
  /** The simulated national NFeRecepcaoEvento4 (POST /sefaz/NFeRecepcaoEvento4): manifestations it registered. */
  readonly sefazEventos: SefazEventReception;
  /** The simulated NF-e authorities (UF authorisers and AN's EPEC), SOAP 1.2 under POST /sefaz/nfe/<operation>. */
  readonly sefazNfe: SefazSimulator;
  /** The simulated ADN Parâmetros Municipais (GET /parametrizacao/…): outage switch and call count. */
  readonly parametrizacao: ParametrizacaoSimulada;
  /** The simulated BrasilAPI CNPJ (GET /brasilapi/api/cnpj/v1/…) and ViaCEP (GET /viacep/ws/…/json/): outage switches and call counts. */
  readonly consultasPublicas: ConsultasPublicasSimuladas;
  /** Fixtures and benches: processes a signed DPS as POST /nfse does, without HTTP; throws on rejection. Needs libxml2 loaded (loadLibxml2). */
  emitDps(xml: string, ambiente?: '1' | '2'): SimulatedNote;
}

/** An answer held back (slow or never-answering scenarios), released by close(). */
interface PendingAnswer {
  timer?: NodeJS.Timeout;
  res: ServerResponse;
}

/** The simulated services beside Sefin and the ADN, each at its own paths. */
type SimulatorServices = Pick<
  Simulator,
  'sefaz' | 'sefazCte' | 'sefazEventos' | 'sefazNfe' | 'parametrizacao' | 'consultasPublicas'
>;

/** In-process simulator of Sefin Nacional speaking the same HTTP contract, plus /_simulador/notas. */
export function createSimulator(options: CreateSimulatorOptions = {}): Simulator {
  const pending = new Set<PendingAnswer>();
  const ctx = createContext(options, pending);
  const services = createServices(ctx);
  const handler = createHandler(ctx, services);
  const server = createServer(handler);
  let url = '';
  const view = (n: StoredNote): SimulatedNote => ({ ...n });
  return {
    ...services,
    handler,
    get url() {
      if (!url) throw new Error('Simulador ainda não está escutando');
      return url;
    },
    listen: (port = 0, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const addr = server.address() as AddressInfo;
          url = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
          resolve(url);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        for (const p of pending) clearTimeout(p.timer);
        pending.clear();
        ctx.state.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    countNotesByDps: (idDps) => ctx.state.allNotes().filter((n) => n.idDps === idDps).length,
    notes: () => ctx.state.allNotes().map(view),
    note: (chave) => {
      const n = ctx.state.note(chave);
      return n ? view(n) : undefined;
    },
    startOutage: (spec) => ctx.outage.start('*', spec),
    setDistributionFault: (party, fault) => {
      if (fault) ctx.distributionFaults.set(party, fault);
      else ctx.distributionFaults.delete(party);
    },
    emitDps: (xml, ambiente) => {
      const outcome = processDps({ ...ctx, ambiente: ambiente ?? ctx.ambiente }, xml, parseScenario(undefined));
      if (!outcome.ok) throw new Error(`DPS rejeitada: ${outcome.errors.map((e) => e.Codigo).join(', ')}`);
      return view(outcome.note);
    },
  };
}

function createContext(options: CreateSimulatorOptions, pending: Set<PendingAnswer>): SimulatorContext {
  const clock = options.clock ?? (() => new Date());
  return {
    state: new SimulatorState(options.stateDir),
    signer: options.signer ?? defaultSigner(),
    clock,
    delays: options.delays ?? {},
    outage: new OutageTracker(() => clock().getTime()),
    ambiente: options.ambiente,
    idDpsMinusculo: options.idDpsMinusculo ?? false,
    distributionFaults: new Map(),
    deferAnswer(res, ms, answer) {
      const entry: PendingAnswer = { res };
      if (ms !== undefined && Number.isFinite(ms))
        entry.timer = setTimeout(() => (pending.delete(entry), answer()), ms);
      pending.add(entry);
      res.on('close', () => (clearTimeout(entry.timer), pending.delete(entry)));
    },
  };
}

function createServices(ctx: SimulatorContext): SimulatorServices {
  const sefaz = new SefazDistribution(NFE_DISTRIBUTION);
  return {
    sefaz,
    sefazCte: new SefazDistribution(CTE_DISTRIBUTION),
    sefazEventos: new SefazEventReception(sefaz),
    sefazNfe: new SefazSimulator({
      now: ctx.clock,
      defer: ctx.deferAnswer,
      slowMs: ctx.delays.slowMs,
      timeoutMs: ctx.delays.timeoutMs,
    }),
    parametrizacao: new ParametrizacaoSimulada(),
    consultasPublicas: new ConsultasPublicasSimuladas(),
  };
}

function createHandler(ctx: SimulatorContext, services: SimulatorServices): RequestListener {
  const { sefaz, sefazCte, sefazEventos, sefazNfe, parametrizacao, consultasPublicas } = services;
  // The SEFAZ services answer SOAP POSTs at their own paths, beside the Sefin/ADN routes.
  const sefazRoutes: Record<string, { handle(req: IncomingMessage, res: ServerResponse, now: Date): Promise<void> }> = {
    '/sefaz/NFeDistribuicaoDFe': sefaz,
    '/sefaz/CTeDistribuicaoDFe': sefazCte,
    '/sefaz/NFeRecepcaoEvento4': sefazEventos,
  };
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    // Plain JSON lookups: answered without loading libxml2.
    if (parametrizacao.handles(req.method ?? 'GET', path)) return parametrizacao.handle(req, res);
    if (consultasPublicas.handles(req.method ?? 'GET', path)) return consultasPublicas.handle(req, res);
    const sefazRoute = req.method === 'POST' ? sefazRoutes[path] : undefined;
    const nfeRoute = req.method === 'POST' && path.startsWith(`${SEFAZ_NFE_PATH}/`);
    // The simulator reads and validates every XML it receives; a service that never calls it never loads libxml2.
    const run = loadLibxml2().then(() =>
      sefazRoute
        ? sefazRoute.handle(req, res, ctx.clock())
        : nfeRoute
          ? sefazNfe.handle(req, res)
          : route(ctx, req, res),
    );
    run.catch((err: unknown) => {
      sendJson(res, 500, {
        erro: { descricao: `Falha do simulador: ${err instanceof Error ? err.message : String(err)}` },
      });
    });
  };
}

function defaultSigner(): XmlSigner {
  const cert = generateTestCertificate({ cnpj: '11111111000191', razaoSocial: 'SEFIN NACIONAL SIMULADOR' });
  return createXmlSigner(cert.privateKeyPem, cert.certificatePem);
}

async function route(ctx: SimulatorContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://simulador');
  let path = url.pathname;
  const env = /^\/(producao|producaorestrita)(?=\/)/.exec(path);
  if (env) path = path.slice(env[0].length);
  // Base URLs may carry Sefin's basePath (/SefinNacional) or the Swagger UI's (/API/SefinNacional).
  path = path.replace(/^\/(API\/)?SefinNacional(?=\/)/, '');
  const scenario = parseScenario(req.headers[SCENARIO_HEADER]);
  const scope: RequestScope = {
    scenario,
    ambiente: env ? (env[1] === 'producao' ? '1' : '2') : undefined,
    unavailable: (subject) =>
      ctx.outage.consume(
        subject,
        scenario.kind === 'indisponibilidade'
          ? {
              calls: scenario.calls ?? (scenario.ms === undefined ? (ctx.delays.unavailableCalls ?? 3) : undefined),
              ms: scenario.ms ?? (scenario.calls === undefined ? ctx.delays.unavailableMs : undefined),
            }
          : undefined,
      ),
  };
  const method = req.method ?? 'GET';
  let m: RegExpExecArray | null;
  if (path === '/_simulador/notas' && method === 'GET') return inspect(ctx, res, url.searchParams.get('idDps'));
  // ADN Contribuinte, under its base path /contribuintes.
  if ((m = /^\/contribuintes\/DFe\/([^/]+)$/.exec(path)) && method === 'GET') {
    return handleDistribution(ctx, res, scope, m[1]!, url.searchParams);
  }
  if (path === '/nfse' && method === 'POST') return handleEmission(ctx, req, res, scope);
  if ((m = /^\/dps\/([^/]+)$/.exec(path)) && (method === 'GET' || method === 'HEAD'))
    return handleDpsQuery(ctx, res, scope, m[1], method === 'HEAD');
  if ((m = /^\/nfse\/([^/]+)$/.exec(path)) && method === 'GET') return handleGetNfse(ctx, res, scope, m[1]);
  if ((m = /^\/nfse\/([^/]+)\/eventos$/.exec(path)) && method === 'POST')
    return handleEvent(ctx, req, res, scope, m[1]);
  if ((m = /^\/nfse\/([^/]+)\/eventos\/(\d+)\/(\d+)$/.exec(path)) && method === 'GET')
    return handleGetEvent(ctx, res, scope, { chave: m[1], tipo: m[2], seq: m[3] });
  req.resume();
  sendJson(res, 404, { erro: { descricao: 'Recurso não encontrado.' } });
}

function inspect(ctx: SimulatorContext, res: ServerResponse, idDps: string | null): void {
  const notes = ctx.state.allNotes().filter((n) => !idDps || n.idDps === idDps);
  sendJson(res, 200, { notas: notes.map(({ xml: _xml, ...rest }) => rest) });
}
