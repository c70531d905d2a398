import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../nacional/send-json.js';
import { SCENARIO_HEADER } from '../nacional/scenario.js';
import { extractElement, soapEnvelope, WSDL_NS } from '../../engine/autoridades/soap-envelope.js';
import { handleAutorizacao } from './handle-autorizacao.js';
import { handleConsultaProtocolo } from './handle-consulta-protocolo.js';
import { handleInutilizacao } from './handle-inutilizacao.js';
import { handleRecepcaoEpec } from './handle-recepcao-epec.js';
import { handleRecepcaoEvento } from './handle-recepcao-evento.js';
import { handleStatusServico } from './handle-status-servico.js';
import { handleConsultaCadastro } from './handle-consulta-cadastro.js';
import { SefazState, tag } from './sefaz-state.js';
import type { SefazScenario } from '../../engine/nfe/sefaz-scenario.js';

/** One web service: the message inside nfeDadosMsg → the message inside nfeResultMsg (null: the answer is lost). */
type Handler = (state: SefazState, message: string, scenario: SefazScenario) => string | null;

/** Routed by SOAP operation (the namespace of nfeDadosMsg), as the WSDLs define them. */
const HANDLERS: Record<string, Handler> = {
  NFeAutorizacao4: handleAutorizacao,
  NFeConsultaProtocolo4: handleConsultaProtocolo,
  NFeStatusServico4: handleStatusServico,
  NFeRecepcaoEvento4: handleRecepcaoEvento,
  NFeInutilizacao4: handleInutilizacao,
  CadConsultaCadastro4: handleConsultaCadastro,
  // The national environment's EPEC reception (AN RecepcaoEPEC in webservices.json).
  RecepcaoEvento: handleRecepcaoEpec,
};

export interface SefazSimulatorOptions {
  now: () => Date;
  /** Answers later (or never: ms undefined), releasing the socket when the simulator closes. */
  defer(res: ServerResponse, ms: number | undefined, answer: () => void): void;
  /** lento: the wait before answering (default 15 s); timeout: undefined holds the answer until the caller gives up. */
  slowMs?: number;
  timeoutMs?: number;
}

/**
 * The SEFAZ side of the simulator over HTTP: the UF authorisers' NFeAutorizacao4, NFeConsultaProtocolo4 and
 * NfeStatusServico4 and the national RecepcaoEPEC, SOAP 1.2 at <simulator>/sefaz/nfe/<operation> (the path is
 * informative; the operation is read from the envelope). Scenarios come in X-Simulador-Cenario, sent by our client
 * only for notes issued with X-Service-Simular. uf_fora makes the UF services answer 503 (the national EPEC
 * reception stays up).
 */
export class SefazSimulator {
  readonly state: SefazState;

  constructor(private readonly options: SefazSimulatorOptions) {
    this.state = new SefazState(options.now);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const dados = extractElement(body, 'nfeDadosMsg') ?? '';
    const operation = new RegExp(`xmlns="${WSDL_NS.replace(/[./]/g, '\\$&')}(\\w+)"`).exec(dados)?.[1] ?? '';
    const handler = HANDLERS[operation];
    if (!handler) return send(res, 500, fault(`Operação SOAP desconhecida: ${operation || '(sem nfeDadosMsg)'}`));
    const raw = req.headers[SCENARIO_HEADER];
    const scenario = ((Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase() || 'autorizar') as SefazScenario;
    if (scenario.startsWith('uf_fora') && operation !== 'RecepcaoEvento') {
      const chave = /Id="NFe(\w{44})"/.exec(dados)?.[1] ?? tag(dados, 'chNFe');
      if (chave && this.state.ufDown(chave, Number(scenario.split(':')[1] ?? 1)))
        return send(res, 503, 'Service Unavailable');
    }
    const inner = handler(this.state, dados, scenario);
    const answer = () => send(res, 200, soapEnvelope('nfeResultMsg', operation, inner ?? ''));
    if (inner === null) return this.options.defer(res, this.options.timeoutMs, answer);
    if (scenario === 'lento') return this.options.defer(res, this.options.slowMs ?? 15_000, answer);
    answer();
  }
}

function send(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'content-type': 'application/soap+xml; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function fault(reason: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>' +
    `<soap12:Fault><soap12:Code><soap12:Value>soap12:Sender</soap12:Value></soap12:Code><soap12:Reason><soap12:Text xml:lang="pt-BR">${reason}</soap12:Text></soap12:Reason></soap12:Fault></soap12:Body></soap12:Envelope>`
  );
}
