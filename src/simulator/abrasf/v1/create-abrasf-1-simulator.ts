import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateTestCertificate } from '../../../engine/certificados/generate-test-certificate.js';
import { soapString } from '../../../engine/nfse/abrasf/call-abrasf.js';
import { chamadaAbrasf1 } from '../../../engine/nfse/abrasf/v1/call-abrasf-1.js';
import type { OperacaoAbrasf1, PerfilAbrasf1 } from '../../../engine/nfse/abrasf/v1/perfil-abrasf-1.js';
import { perfilAbrasf1 } from '../../../engine/nfse/abrasf/v1/perfis-abrasf-1.js';
import { validateAbrasf1 } from '../../../engine/nfse/abrasf/v1/validate-abrasf-1.js';
import { provedorMunicipio } from '../../../engine/tabelas/provedor-municipio.js';
import { escapeText } from '../../../engine/xml/el.js';
import { loadLibxml2 } from '../../../engine/xml/libxml2.js';
import { createXmlSigner, type XmlSigner } from '../../../engine/xml/sign-xml.js';
import { parseScenario, SCENARIO_HEADER, type Scenario } from '../../nacional/scenario.js';
import { readBody } from '../../nacional/send-json.js';
import { Abrasf1State, type Abrasf1Lote, type Abrasf1Note } from './abrasf-1-state.js';
import {
  arquivoDe,
  CODIGOS_1,
  handleAbrasf1Operation,
  prestadorOf1,
  refusal1,
  type Abrasf1Context,
} from './handle-abrasf-1-operation.js';
import { verifyAbrasf1Signatures } from './verify-abrasf-1-signatures.js';

export interface CreateAbrasf1SimulatorOptions {
  clock?: () => Date;
  /** Append-only JSON-lines state, reloaded on start; in memory only when absent. */
  stateDir?: string;
  /** The municipalities' key, signing the notes they issue; a self-signed one is generated when absent. */
  signer?: XmlSigner;
}

/** One request the simulator answered (or held), for tests. */
export interface Abrasf1Call {
  ibge: string;
  operacao: OperacaoAbrasf1;
  /** The SOAP operation element as received (RecepcionarLoteRpsV3). */
  soapOperacao: string;
  /** The cabecalho as received; '' for a family whose calls carry none. */
  cabecalho: string;
  /** The message (arg1, or the family's argument element) as received. */
  mensagem: string;
  /** The document answered inside `<return>`; null while held or when nothing was answered. */
  resposta: string | null;
}

export interface Abrasf1Simulator {
  handler: RequestListener;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Base URL once listening; each municipality's service is at <url>/<IBGE>. */
  readonly url: string;
  notes(): Abrasf1Note[];
  lots(): Abrasf1Lote[];
  calls(): Abrasf1Call[];
  /**
   * The scenario the next RecepcionarLoteRps or CancelarNfse of a provider (CNPJ) plays, once each:
   * `processamento_lento[:N]` keeps the lot "não processado" for N situation queries, `rejeitar[:codes]` processes it
   * with errors, `timeout` receives it and never answers, `indisponibilidade` answers 503 to any call.
   */
  playNext(prestador: string, scenario: string, times?: number): void;
}

const OPERACOES: readonly OperacaoAbrasf1[] = [
  'RecepcionarLoteRps',
  'ConsultarSituacaoLoteRps',
  'ConsultarLoteRps',
  'ConsultarNfsePorRps',
  'CancelarNfse',
];
const ISSUING: ReadonlySet<OperacaoAbrasf1> = new Set(['RecepcionarLoteRps', 'CancelarNfse']);

/**
 * The ABRASF 1.00 families of our profiles (Ginfes v3 and the services derived from it), speaking their SOAP
 * contract at <url>/<IBGE>: `<ns1:<Op><sufixo>>` with the cabecalho and the message in the profile's argument
 * elements (arg0 and arg1 for Ginfes), both escaped. Every
 * cabecalho and message is validated against the family's own schema package and its signatures verified; lots are
 * answered with a protocol and processed asynchronously (situation 1–4), their notes kept by RPS.
 */
export function createAbrasf1Simulator(options: CreateAbrasf1SimulatorOptions): Abrasf1Simulator {
  const clock = options.clock ?? (() => new Date());
  const signer = options.signer ?? defaultSigner();
  const state = new Abrasf1State(options.stateDir);
  const calls: Abrasf1Call[] = [];
  const queued = new Map<string, Scenario[]>();
  const held = new Set<ServerResponse>();

  const scenarioFor = (req: IncomingMessage, operacao: OperacaoAbrasf1, prestador: string): Scenario => {
    const header = req.headers[SCENARIO_HEADER];
    if (header) return parseScenario(header);
    const queue = queued.get(prestador);
    const next = queue?.[0];
    if (!next || (next.kind !== 'indisponibilidade' && !ISSUING.has(operacao))) return { kind: 'autorizar' };
    queue!.shift();
    return next;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // <IBGE>, followed by the operation's service path where the family has one service per operation.
    const [ibge = '', ...servico] = (req.url ?? '').split('?')[0]!.replace(/^\/+/, '').split('/');
    const provedor = provedorMunicipio(ibge);
    const perfil = provedor ? perfilAbrasf1(provedor) : null;
    const body = await readBody(req);
    if (req.method !== 'POST' || !perfil) return send(res, 404, fault('Serviço não encontrado.'));
    const operacao = soapOperation(req, body, perfil, servico.join('/'));
    if (typeof operacao !== 'string') return send(res, 500, fault(operacao.unknown));
    const call = receivedCall(ibge, perfil, operacao, body);
    calls.push(call);
    const { cabecalho, mensagem } = call;
    const scenario = scenarioFor(req, operacao, prestadorOf1(mensagem));
    if (scenario.kind === 'indisponibilidade') return send(res, 503, 'Service Unavailable');
    await loadLibxml2();
    const ctx: Abrasf1Context = { state, perfil, ibge, signer, now: clock() };
    const inner =
      requestRefusal(ctx, operacao, cabecalho, mensagem) ?? handleAbrasf1Operation(ctx, operacao, mensagem, scenario);
    if (inner === null) {
      // timeout: what was received is kept and the answer never comes; the socket is released when the simulator closes.
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    call.resposta = inner;
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
      if (!url) throw new Error('Simulador ABRASF 1.00 ainda não está escutando');
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
    notes: () => state.notes().map((n) => ({ ...n })),
    lots: () => state.lots().map((l) => ({ ...l })),
    calls: () => calls.map((c) => ({ ...c })),
    playNext(prestador, scenario, times = 1) {
      const queue = queued.get(prestador) ?? [];
      for (let i = 0; i < times; i++) queue.push(parseScenario(scenario));
      queued.set(prestador, queue);
    },
  };
}

/**
 * The operation the SOAP body names (`<ns1:<Op><sufixo>>`, or the element of the operation's own service) with its
 * SOAPAction, at its service's path where the family has one per operation; or why it is none. An operation the
 * family's package does not declare (ISSSalvador's CancelarNfse) is none.
 */
function soapOperation(
  req: IncomingMessage,
  body: string,
  perfil: PerfilAbrasf1,
  servico: string,
): OperacaoAbrasf1 | { unknown: string } {
  const action = String(req.headers.soapaction ?? '').replace(/"/g, '');
  const [, prefixo = '', element = ''] = /<soap(?:env)?:Body>\s*<(?:([\w.-]+):)?(\w+)[\s>]/i.exec(body) ?? [];
  const operacao = OPERACOES.find((op) => perfil.mensagens[op] && chamadaAbrasf1(perfil, op).elemento === element);
  const chamada = operacao ? chamadaAbrasf1(perfil, operacao) : null;
  // A WCF service reads an argument outside the operation's namespace as null.
  if (chamada && perfil.soap.argumentosQualificados && !body.includes(`<${prefixo}:${chamada.mensagem}>`))
    return {
      unknown: `Argumento ${chamada.mensagem} fora do namespace da operação ${element}: o serviço o lê como nulo`,
    };
  if (chamada && action === chamada.soapAction && (chamada.caminho ?? '') === servico) return operacao!;
  return {
    unknown: `Operação SOAP desconhecida: ${element || '(vazia)'} / SOAPAction ${action || '""'} / serviço ${servico || '(raiz)'}`,
  };
}

/** What a call carried: the cabecalho and the message out of the family's argument elements. */
function receivedCall(ibge: string, perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1, body: string): Abrasf1Call {
  const chamada = chamadaAbrasf1(perfil, operacao);
  return {
    ibge,
    operacao,
    soapOperacao: chamada.elemento,
    cabecalho: chamada.cabecalho ? (soapString(body, chamada.cabecalho) ?? '') : '',
    mensagem: soapString(body, chamada.mensagem) ?? '',
    resposta: null,
  };
}

/** Signatures each operation's message carries where the family signs it. */
function assinaturasExigidas(perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1): number {
  const a = perfil.assinaturas;
  if (operacao === 'RecepcionarLoteRps') return (a.rps ? 1 : 0) + (a.lote ? 1 : 0);
  if (operacao === 'CancelarNfse') return a.cancelamento ? 1 : 0;
  if (operacao === 'ConsultarNfsePorRps') return a.consultaRps ? 1 : 0;
  return a.consultas ? 1 : 0;
}

/** The refusal of a cabecalho or message the family's schema refuses, or whose signatures do not verify. */
function requestRefusal(
  ctx: Abrasf1Context,
  operacao: OperacaoAbrasf1,
  cabecalho: string,
  mensagem: string,
): string | null {
  const m = ctx.perfil.mensagens;
  const invalid = [
    ...(m.cabecalho && chamadaAbrasf1(ctx.perfil, operacao).cabecalho
      ? validateAbrasf1(cabecalho, ctx.perfil, m.cabecalho.arquivo)
      : []),
    ...validateAbrasf1(mensagem, ctx.perfil, arquivoDe(ctx.perfil, operacao)),
  ];
  if (invalid.length > 0)
    return refusal1(ctx, operacao, [
      {
        codigo: CODIGOS_1.esquema,
        mensagem: `Mensagem em desacordo com o esquema ${ctx.perfil.nome}: ${invalid[0]!.message}`,
      },
    ]);
  const assinatura = verifyAbrasf1Signatures(
    mensagem,
    assinaturasExigidas(ctx.perfil, operacao),
    ctx.perfil.idAtributo,
  );
  if (assinatura)
    return refusal1(ctx, operacao, [{ codigo: CODIGOS_1.assinatura, mensagem: `Assinatura inválida: ${assinatura}` }]);
  return null;
}

function defaultSigner(): XmlSigner {
  const cert = generateTestCertificate({ cnpj: '00394411000109', razaoSocial: 'PREFEITURA SIMULADA ABRASF 1.00' });
  return createXmlSigner(cert.privateKeyPem, cert.certificatePem);
}

function envelope(perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1, inner: string): string {
  const chamada = chamadaAbrasf1(perfil, operacao);
  const op = `${chamada.elemento}Response`;
  const ret = chamada.resposta;
  // Without an answer element the document goes in the operation's answer as it is.
  const answer = ret ? `<${ret}>${escapeText(inner)}</${ret}>` : inner.replace(/^<\?xml[^>]*\?>/, '');
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
    `<ns1:${op} xmlns:ns1="${perfil.soap.namespaceProducao}">${answer}</ns1:${op}></soap:Body></soap:Envelope>`
  );
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
