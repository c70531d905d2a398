import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operacaoNo, RAIZ_MENSAGEM, soapActionOf, soapString } from '../../engine/nfse/abrasf/call-abrasf.js';
import type { OperacaoAbrasf, PerfilAbrasf } from '../../engine/nfse/abrasf/perfil-abrasf.js';
import { perfilAbrasfDoMunicipio } from '../../engine/nfse/abrasf/perfis-abrasf.js';
import { esquemaDaMensagem, namespaceDaMensagem } from '../../engine/nfse/abrasf/qualify-abrasf-message.js';
import { xmlElements, xmlText } from '../../engine/nfse/abrasf/xml-text.js';
import { escapeText } from '../../engine/xml/el.js';
import { loadLibxml2 } from '../../engine/xml/libxml2.js';
import { createXmlSigner, type XmlSigner } from '../../engine/xml/sign-xml.js';
import { generateTestCertificate } from '../../engine/certificados/generate-test-certificate.js';
import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { parseScenario, SCENARIO_HEADER, type Scenario } from '../nacional/scenario.js';
import { readBody } from '../nacional/send-json.js';
import type { CredenciaisProvedor } from '../../engine/empresas/credenciais-provedor.js';
import { AbrasfState, type AbrasfNote } from './abrasf-state.js';
import {
  credenciaisBasic,
  credenciaisDaUrl,
  credenciaisDoRequerente,
  credenciaisRecusadas,
  credenciaisRefusal,
  cutCredenciaisElementos,
  type CredenciaisRecebidas,
} from './abrasf-credenciais.js';
import { handleAbrasfOperation, refusal, SIMULATOR_CODES } from './handle-abrasf-operation.js';
import { elEnvelope, ElSimulatorState, handleElOperation } from './handle-el-operation.js';

export interface CreateAbrasfSimulatorOptions {
  clock?: () => Date;
  /** Append-only JSON-lines state, reloaded on start; in memory only when absent. */
  stateDir?: string;
  /** The cities' key, signing the notes they issue; a self-signed one is generated when absent. */
  signer?: XmlSigner;
}

/** One request the simulator answered (or held), for tests. */
export interface AbrasfCall {
  ibge: string;
  operacao: OperacaoAbrasf;
  /** The nfseDadosMsg document as received. */
  dados: string;
}

export interface AbrasfSimulator {
  handler: RequestListener;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Base URL once listening; each city's service is at <url>/<IBGE>. */
  readonly url: string;
  notes(): AbrasfNote[];
  calls(): AbrasfCall[];
  /**
   * The scenario the next issuing or cancelling calls of a provider (CNPJ/CPF) play, once each: a production key
   * cannot send X-Service-Simular, so tests choose the city's behaviour here. `indisponibilidade` answers 503 to any
   * call of that provider.
   */
  playNext(prestador: string, scenario: string, times?: number): void;
  /**
   * The credentials the provider (CNPJ/CPF) holds at the city, for families that ask for them: a request carrying
   * others is refused. Unregistered, any non-blank credential is accepted (a missing one never is).
   */
  credenciais(prestador: string, esperadas: CredenciaisProvedor): void;
}

const ISSUING: ReadonlySet<OperacaoAbrasf> = new Set([
  'GerarNfse',
  'RecepcionarLoteRpsSincrono',
  'EnviarLoteRps',
  'CancelarNfse',
  'SubstituirNfse',
]);

/**
 * The ABRASF 2.0x municipalities of our family profiles, each at <url>/<IBGE> speaking its family's SOAP contract
 * (the profile of the municipality's provider table row): the request is unwrapped as the family sends it (strings
 * nfseCabecMsg/nfseDadosMsg or the message element inline), validated against the family's own schema and its
 * signatures verified with the certificate they carry; answers are written in the family's namespace and placement.
 * Notes are kept by RPS, so a repeated RPS is refused as the city refuses it.
 */
export function createAbrasfSimulator(options: CreateAbrasfSimulatorOptions): AbrasfSimulator {
  const clock = options.clock ?? (() => new Date());
  const signer = options.signer ?? defaultSigner();
  const state = new AbrasfState(options.stateDir);
  const elState = new ElSimulatorState();
  const calls: AbrasfCall[] = [];
  const queued = new Map<string, Scenario[]>();
  const held = new Set<ServerResponse>();
  const esperadas = new Map<string, CredenciaisProvedor>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const ibge = (req.url ?? '').split('?')[0]!.replace(/^\/+/, '');
    const perfil = perfilAbrasfDoMunicipio(ibge);
    const body = await readBody(req);
    if (req.method !== 'POST' || !perfil) return send(res, 404, fault('Serviço não encontrado.'));
    const operacao = soapOperation(req, body, perfil);
    if (typeof operacao !== 'string') return send(res, 500, fault(operacao.unknown));
    const { cabecalho, dados, recebidas } = mensagemOf(req, body, perfil, operacao);
    calls.push({ ibge, operacao, dados });
    const prestador = prestadorOf(perfil, operacao, dados);
    // A family authenticating over HTTP refuses the request itself, before reading it, as a web server does.
    if (perfil.credenciais?.autorizacaoHttp) {
      const motivo = credenciaisRecusadas(perfil, recebidas, esperadas.get(prestador));
      if (motivo) return send(res, 401, fault(motivo), { 'www-authenticate': 'Basic realm="NFS-e"' });
    }
    const scenario = scenarioFor(queued, req, operacao, prestador);
    if (scenario.kind === 'indisponibilidade') return send(res, 503, 'Service Unavailable');
    await loadLibxml2();
    if (perfil.modeloRps === 'el') {
      const ctx = { state, el: elState, perfil, now: clock(), ibge, esperadas: esperadas.get(prestador) };
      const texto = handleElOperation(ctx, operacao, dados, scenario);
      return texto === null ? hold(held, res) : send(res, 200, elEnvelope(perfil, operacao, texto));
    }
    const inner =
      credenciaisRefusal(perfil, operacao, recebidas, esperadas.get(prestador)) ??
      schemaRefusal(perfil, operacao, cabecalho, dados) ??
      handleAbrasfOperation({ state, perfil, signer, now: clock() }, operacao, dados, scenario);
    if (inner === null) return hold(held, res);
    send(res, 200, envelope(perfil, operacao, inner));
  };

  const handler: RequestListener = (req, res) => {
    handle(req, res).catch((err: unknown) =>
      send(res, 500, fault(`Falha do simulador: ${err instanceof Error ? err.message : String(err)}`)),
    );
  };
  const server = createServer(handler);
  let url = '';
  return {
    handler,
    get url() {
      if (!url) throw new Error('Simulador ABRASF ainda não está escutando');
      return url;
    },
    listen: (port = 0, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          url = `http://${host}:${(server.address() as AddressInfo).port}`;
          resolve(url);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        held.clear();
        state.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    notes: () => state.all().map((n) => ({ ...n })),
    calls: () => [...calls],
    credenciais: (prestador, credenciais) => void esperadas.set(prestador, credenciais),
    playNext(prestador, scenario, times = 1) {
      const queue = queued.get(prestador) ?? [];
      for (let i = 0; i < times; i++) queue.push(parseScenario(scenario));
      queued.set(prestador, queue);
    },
  };
}

/**
 * The scenario a call plays: the request's header, else the next one queued for its provider (issuing and cancelling
 * calls take them; an outage is played by any call).
 */
function scenarioFor(
  queued: Map<string, Scenario[]>,
  req: IncomingMessage,
  operacao: OperacaoAbrasf,
  prestador: string,
): Scenario {
  const header = req.headers[SCENARIO_HEADER];
  if (header) return parseScenario(header);
  const queue = queued.get(prestador);
  const next = queue?.[0];
  if (!next || (next.kind !== 'indisponibilidade' && !ISSUING.has(operacao))) return { kind: 'autorizar' };
  queue!.shift();
  return next;
}

/**
 * The first `depth` elements of the SOAP body, each the first child of the one before, as a path: the family's
 * wrapper of the operation (`<Op>Request`, `<Op>`, `<Op>/<Op>Request`…).
 */
function wrapperOf(body: string, depth: number): string {
  const names: string[] = [];
  const start = /<(?:[\w.-]+:)?Body(?:\s[^>]*)?>/.exec(body);
  let at = start ? start.index + start[0].length : -1;
  while (at >= 0 && names.length < depth) {
    const next = /^\s*<(?:[\w.-]+:)?([\w.-]+)(?:\s[^>]*)?>/.exec(body.slice(at));
    if (!next) break;
    names.push(next[1]!);
    at += next[0].length;
  }
  return names.join('/');
}

/**
 * The operation the SOAP body's wrapper and the SOAPAction name together, as the family's profile writes them, or
 * why it is none of the city's.
 */
function soapOperation(req: IncomingMessage, body: string, perfil: PerfilAbrasf): OperacaoAbrasf | { unknown: string } {
  const action = String(
    req.headers.soapaction ?? /action="([^"]*)"/.exec(String(req.headers['content-type'] ?? ''))?.[1] ?? '',
  ).replace(/"/g, '');
  const wrapper = wrapperOf(body, perfil.envoltorio.split('/').length);
  const operacao = perfil.operacoes.find((op) => operacaoNo(perfil.envoltorio, op) === wrapper);
  if (operacao && action === soapActionOf(perfil, operacao)) return operacao;
  return {
    unknown: `Operação SOAP desconhecida: ${wrapper || '(corpo vazio)'} / SOAPAction ${action || '(vazia)'}`,
  };
}

/**
 * The header and the message of a request, out of their strings or, inline, the wrapper's child element; and the
 * credentials it carries where its family puts them (after the message in the wrapper, in the URL).
 */
function mensagemOf(
  req: IncomingMessage,
  body: string,
  perfil: PerfilAbrasf,
  operacao: OperacaoAbrasf,
): { cabecalho: string; dados: string; recebidas: CredenciaisRecebidas } {
  const wrapper = operacaoNo(perfil.envoltorio, operacao).split('/').at(-1)!;
  if (perfil.mensagem === 'corpo') {
    // The message is the body's child itself; the credentials it carries are in its requester's identification.
    const mensagem =
      new RegExp(`<(?:[\\w.-]+:)?${wrapper}[\\s>][\\s\\S]*</(?:[\\w.-]+:)?${wrapper}>`).exec(body)?.[0] ?? '';
    return { cabecalho: '', dados: mensagem, recebidas: credenciaisDoRequerente(perfil, mensagem) };
  }
  const inner = new RegExp(`<(?:[\\w.-]+:)?${wrapper}(?:\\s[^>]*)?>([\\s\\S]*)</(?:[\\w.-]+:)?${wrapper}>`).exec(body);
  const cut = cutCredenciaisElementos(perfil, inner?.[1] ?? '');
  const recebidas = {
    ...cut.recebidas,
    ...credenciaisDaUrl(perfil, req.url ?? ''),
    ...credenciaisBasic(perfil, req.headers.authorization),
  };
  if (perfil.mensagem === 'texto')
    return {
      cabecalho: soapString(body, 'nfseCabecMsg') ?? '',
      dados: soapString(body, perfil.campoDados ?? 'nfseDadosMsg') ?? '',
      recebidas,
    };
  if (perfil.mensagem === 'conteudo') {
    // The wrapper stood in for the message's root: the message is that root again around the same children.
    const raiz = RAIZ_MENSAGEM[operacao];
    const ns = namespaceDaMensagem(perfil, raiz) ?? perfil.namespaceDados;
    return { cabecalho: '', dados: `<${raiz}${ns ? ` xmlns="${ns}"` : ''}>${cut.mensagem}</${raiz}>`, recebidas };
  }
  return { cabecalho: '', dados: cut.mensagem, recebidas };
}

/** timeout: the notes are kept and the answer never comes; the socket is released when the simulator closes. */
function hold(held: Set<ServerResponse>, res: ServerResponse): void {
  held.add(res);
  res.on('close', () => held.delete(res));
}

/**
 * The CNPJ or CPF of the provider a message is about (of the consulting party for the services taken); EL names it
 * by a plain parameter.
 */
function prestadorOf(perfil: PerfilAbrasf, operacao: OperacaoAbrasf, dados: string): string {
  if (perfil.modeloRps === 'el') return xmlText(dados, 'identificacaoPrestador') ?? '';
  const prestadorBlock =
    xmlElements(dados, operacao === 'ConsultarNfseServicoTomado' ? 'Consulente' : 'Prestador')[0] ??
    xmlElements(dados, 'CpfCnpj')[0] ??
    '';
  return xmlText(prestadorBlock, 'Cnpj') ?? xmlText(prestadorBlock, 'Cpf') ?? '';
}

/** The city's refusal of a header or message its family's schema refuses, or whose root is not the operation's. */
function schemaRefusal(
  perfil: PerfilAbrasf,
  operacao: OperacaoAbrasf,
  cabecalho: string,
  dados: string,
): string | null {
  const raiz = RAIZ_MENSAGEM[operacao];
  const esquema = (root: string) => `provedor:${esquemaDaMensagem(perfil, root)}` as const;
  const invalid = [
    ...(perfil.cabecalho ? validateXsd(cabecalho, esquema('cabecalho')) : []),
    ...validateXsd(dados, esquema(raiz)),
  ];
  const wrongRoot = !new RegExp(`^(<\\?xml[^>]*\\?>)?<${raiz}[\\s>]`).test(dados.trim());
  if (invalid.length === 0 && !wrongRoot) return null;
  return refusal(perfil, operacao, [
    {
      codigo: SIMULATOR_CODES.esquema,
      mensagem: `Mensagem em desacordo com o esquema ${perfil.familia} ${perfil.versao}: ${invalid[0]?.message ?? `raiz diferente de ${raiz}`}`,
    },
  ]);
}

function defaultSigner(): XmlSigner {
  const cert = generateTestCertificate({ cnpj: '00394411000109', razaoSocial: 'PREFEITURA SIMULADA ABRASF' });
  return createXmlSigner(cert.privateKeyPem, cert.certificatePem);
}

/**
 * The answer as the family returns it, in its SOAP version: the string outputXML (or the family's own answer
 * element), or the `…Resposta` element inline.
 */
function envelope(perfil: PerfilAbrasf, operacao: OperacaoAbrasf, inner: string): string {
  const campo = perfil.campoResposta ? operacaoNo(perfil.campoResposta, operacao) : 'outputXML';
  const content =
    perfil.mensagem === 'texto' || perfil.campoResposta ? `<${campo} xmlns="">${escapeText(inner)}</${campo}>` : inner;
  const soap =
    perfil.soap === '1.2' ? 'http://www.w3.org/2003/05/soap-envelope' : 'http://schemas.xmlsoap.org/soap/envelope/';
  const resposta =
    perfil.mensagem === 'corpo'
      ? content
      : `<ws:${operacao}Response xmlns:ws="${perfil.namespaceWsdl}">${content}</ws:${operacao}Response>`;
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${soap}"><soap:Body>${resposta}</soap:Body></soap:Envelope>`;
}

function fault(reason: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>' +
    `<faultcode>soap:Client</faultcode><faultstring>${escapeText(reason)}</faultstring></soap:Fault></soap:Body></soap:Envelope>`
  );
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'content-type': 'text/xml; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
