import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { createVerify } from 'node:crypto';
import { escapeText } from '../../engine/xml/el.js';
import { verifyEnvelopedDocument } from '../../engine/xml/enveloped-document.js';
import { loadLibxml2 } from '../../engine/xml/libxml2.js';
import { validateXsd, type SaoPauloRequest } from '../../engine/xml/validate-xsd.js';
import { childElements, parseSimpleXml, textOf, type XmlElement } from '../../engine/xml/xml-element.js';
import { cancellationSignatureString, rpsSignatureString } from '../../engine/nfse/sao-paulo/signature-string.js';
import { SAO_PAULO_NS } from '../../engine/nfse/sao-paulo/pedido-xml.js';
import { brasilia, nfeXml, SaoPauloNotes, type SaoPauloNote } from './sao-paulo-notes.js';

export interface SaoPauloSimulator {
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  readonly url: string;
  readonly notes: SaoPauloNotes;
  /**
   * Tests: scenarios the next issuing or cancelling calls play, one per call — `autorizar`, `rejeitar[:codigo]`,
   * `timeout` (processed but never answered), `indisponibilidade` (HTTP 503, nothing processed). The
   * X-Simulador-Cenario header plays one for a single call.
   */
  playNext(...scenarios: string[]): void;
  /** Requests received per operation (EnvioRPS, ConsultaNFe…). */
  calls(operation: string): number;
  /** The last request document (MensagemXML) of an operation. */
  lastRequest(operation: string): string | undefined;
  /** How many RPS each EnvioLoteRPS carried, in order. */
  lotSizes(): number[];
}

interface Evento {
  codigo: string;
  descricao: string;
  rps?: { ccm: string; serie: string; numero: string };
}

const RESPONSE_ROOTS: Record<string, string> = {
  EnvioRPS: 'RetornoEnvioRPS',
  EnvioLoteRPS: 'RetornoEnvioLoteRPS',
  ConsultaNFe: 'RetornoConsulta',
  ConsultaNFeRecebidas: 'RetornoConsulta',
  CancelamentoNFe: 'RetornoCancelamentoNFe',
};

const ISSUING = new Set(['EnvioRPS', 'EnvioLoteRPS', 'CancelamentoNFe']);

const child = (e: XmlElement | undefined, name: string) => (e ? childElements(e, name)[0] : undefined);
const text = (e: XmlElement | undefined, name: string) => {
  const c = child(e, name);
  return c ? textOf(c) : '';
};

function eventoXml(tag: 'Alerta' | 'Erro', e: Evento): string {
  const rps = e.rps
    ? `<ChaveRPS><InscricaoPrestador>${e.rps.ccm}</InscricaoPrestador><SerieRPS>${e.rps.serie}</SerieRPS><NumeroRPS>${e.rps.numero}</NumeroRPS></ChaveRPS>`
    : '';
  return `<${tag} xmlns=""><Codigo>${e.codigo}</Codigo><Descricao>${escapeText(e.descricao)}</Descricao>${rps}</${tag}>`;
}

/**
 * São Paulo's LoteNFe web service, simulated: every request is validated against the official schema of its layout,
 * its XML-DSig verified, each RPS `Assinatura` checked with the signing certificate; notes are kept by RPS (a
 * resent RPS answers with its note), queried by RPS or note, cancelled with `AssinaturaCancelamento` checked, and
 * listed to their takers (ConsultaNFeRecebidas, pages of 50).
 */
export function createSaoPauloSimulator(options: { clock?: () => Date; stateDir?: string } = {}): SaoPauloSimulator {
  const city: SaoPauloCity = { notes: new SaoPauloNotes(options.stateDir), now: options.clock ?? (() => new Date()) };
  const queued: string[] = [];
  const counts = new Map<string, number>();
  const last = new Map<string, string>();
  const held = new Set<ServerResponse>();
  const lots: number[] = [];
  const sockets = new Set<Socket>();
  let url = '';

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const call = await readSoapCall(req);
    if (!call) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('SOAP inválido');
      return;
    }
    counts.set(call.operation, (counts.get(call.operation) ?? 0) + 1);
    last.set(call.operation, call.mensagem);
    const header = req.headers['x-simulador-cenario'];
    const scenario = ISSUING.has(call.operation)
      ? ((typeof header === 'string' ? header : queued.shift()) ?? 'autorizar')
      : 'autorizar';
    if (scenario === 'indisponibilidade') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    const message = await checkMessage(call);
    if ('erro' in message) return send(res, call, retorno(call, false, { erros: [message.erro] }));
    if (call.operation === 'EnvioLoteRPS') lots.push(childElements(message.doc, 'RPS').length);
    const answer = operate(city, call, message, scenario);
    // timeout: processed, never answered; the client's timeout is a lost answer.
    if (scenario === 'timeout') held.add(res);
    else send(res, call, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  return {
    notes: city.notes,
    get url() {
      return url;
    },
    playNext: (...scenarios) => void queued.push(...scenarios),
    calls: (operation) => counts.get(operation) ?? 0,
    lastRequest: (operation) => last.get(operation),
    lotSizes: () => [...lots],
    listen: (port = 0, host = '127.0.0.1') =>
      new Promise((resolve) => {
        server.listen(port, host, () => {
          url = `http://${host}:${(server.address() as AddressInfo).port}`;
          resolve(url);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        for (const r of held) r.destroy();
        held.clear();
        for (const s of sockets) s.destroy();
        city.notes.close();
        server.close(() => resolve());
      }),
  };
}

/** What the operations read and change: the city's notes and its clock. */
interface SaoPauloCity {
  notes: SaoPauloNotes;
  now: () => Date;
}

/** One SOAP request: its operation, the schema layout it declares (VersaoSchema) and its MensagemXML, unescaped. */
interface SoapCall {
  soap12: boolean;
  operation: string;
  versao: string;
  mensagem: string;
}

/** A request document its schema and its XML-DSig accept, with the certificate that signed it. */
interface CheckedMessage {
  doc: XmlElement;
  layout: 1 | 2;
  certificatePem: string;
}

async function readSoapCall(req: IncomingMessage): Promise<SoapCall | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const soap = Buffer.concat(chunks).toString('utf8');
  const call =
    /<(\w+)Request xmlns="[^"]*"><VersaoSchema>(\d)<\/VersaoSchema><MensagemXML>([\s\S]*)<\/MensagemXML>/.exec(soap);
  if (!call) return null;
  const [, operation, versao, escaped] = call;
  const mensagem = escaped
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return { soap12: String(req.headers['content-type'] ?? '').includes('soap+xml'), operation, versao, mensagem };
}

/** The request document checked against the schema of its layout (1001) and its XML-DSig (1057). */
async function checkMessage(call: SoapCall): Promise<CheckedMessage | { erro: Evento }> {
  const layout = call.versao === '2' ? 2 : 1;
  await loadLibxml2();
  const rootName = /^<(\w+)/.exec(call.mensagem)?.[1] as SaoPauloRequest | undefined;
  const xsd = rootName
    ? validateXsd(call.mensagem, `sp:${rootName}:${layout}`)
    : [{ message: 'documento vazio', line: 0 }];
  if (xsd.length)
    return { erro: { codigo: '1001', descricao: `Erro de schema: ${xsd.map((e) => e.message).join(' | ')}` } };
  const signature = verifyEnvelopedDocument(call.mensagem);
  if (!signature.valid)
    return { erro: { codigo: '1057', descricao: `Assinatura da mensagem inválida: ${signature.detail}` } };
  return { doc: parseSimpleXml(call.mensagem)!, layout, certificatePem: signature.certificatePem };
}

/** Runs the operation a checked request names, and returns the city's answer. */
function operate(city: SaoPauloCity, call: SoapCall, message: CheckedMessage, scenario: string): string {
  const { doc, certificatePem } = message;
  switch (call.operation) {
    case 'EnvioLoteRPS':
    case 'EnvioRPS': {
      const { erros, chaves } = convert(city, message, scenario);
      return retorno(call, erros.length === 0, { erros, corpo: chaves.join('') });
    }
    case 'ConsultaNFe':
      return retorno(call, true, { corpo: consulta(city.notes, doc) });
    case 'ConsultaNFeRecebidas':
      return retorno(call, true, { corpo: recebidas(city.notes, doc) });
    case 'CancelamentoNFe': {
      if (scenario.startsWith('rejeitar'))
        return retorno(call, false, {
          erros: [{ codigo: scenario.split(':')[1] ?? '1306', descricao: 'Cancelamento recusado (simulado).' }],
        });
      const { alertas, erros } = cancelamento(city.notes, doc, certificatePem);
      return retorno(call, erros.length === 0, { alertas, erros });
    }
    default:
      return retorno(call, false, {
        erros: [{ codigo: '1000', descricao: `Operação ${call.operation} não simulada.` }],
      });
  }
}

/** The operation's Retorno document in its SOAP envelope (1.1 or 1.2, as the request came). */
function retorno(
  call: SoapCall,
  sucesso: boolean,
  parts: { alertas?: Evento[]; erros?: Evento[]; corpo?: string },
): string {
  const { operation, versao } = call;
  const root = RESPONSE_ROOTS[operation] ?? 'RetornoConsulta';
  const retornoXml =
    `<${root} xmlns="${SAO_PAULO_NS}"><Cabecalho xmlns="" Versao="${versao}"><Sucesso>${sucesso}</Sucesso></Cabecalho>` +
    (parts.alertas ?? []).map((a) => eventoXml('Alerta', a)).join('') +
    (parts.erros ?? []).map((e) => eventoXml('Erro', e)).join('') +
    (parts.corpo ?? '') +
    `</${root}>`;
  const body = `<${operation}Response xmlns="${SAO_PAULO_NS}"><RetornoXML>${escapeText(retornoXml)}</RetornoXML></${operation}Response>`;
  return call.soap12
    ? `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>${body}</soap:Body></soap:Envelope>`
    : `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

function send(res: ServerResponse, call: SoapCall, envelope: string): void {
  res.writeHead(200, {
    'content-type': call.soap12 ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8',
  });
  res.end(envelope);
}

/** Converts each RPS of an issuing request, or explains why not (1206: the Assinatura does not match). */
function convert(city: SaoPauloCity, message: CheckedMessage, scenario: string) {
  const { doc, layout, certificatePem } = message;
  const erros: Evento[] = [];
  const chaves: string[] = [];
  const cnpj = text(child(child(doc, 'Cabecalho'), 'CPFCNPJRemetente'), 'CNPJ');
  for (const rps of childElements(doc, 'RPS')) {
    const chave = child(rps, 'ChaveRPS');
    const ref = {
      ccm: text(chave, 'InscricaoPrestador'),
      serie: text(chave, 'SerieRPS'),
      numero: text(chave, 'NumeroRPS'),
    };
    const tomadorEl = child(rps, 'CPFCNPJTomador');
    const tomadorTipo = child(tomadorEl, 'CPF') ? 'CPF' : child(tomadorEl, 'CNPJ') ? 'CNPJ' : null;
    const valor = text(rps, layout === 1 ? 'ValorServicos' : 'ValorFinalCobrado');
    const esperado = rpsSignatureString(
      {
        inscricaoPrestador: ref.ccm,
        serie: ref.serie,
        numero: ref.numero,
        dataEmissao: text(rps, 'DataEmissao'),
        tributacao: text(rps, 'TributacaoRPS'),
        status: text(rps, 'StatusRPS') as 'N',
        issRetido: text(rps, 'ISSRetido') === 'true',
        valorServicos: valor,
        valorDeducoes: text(rps, 'ValorDeducoes'),
        codigoServico: text(rps, 'CodigoServico'),
        tomador: tomadorTipo
          ? { tipo: tomadorTipo === 'CPF' ? 'cpf' : 'cnpj', numero: text(tomadorEl, tomadorTipo) }
          : { tipo: 'nenhum' },
      },
      layout,
    );
    const assinaturaOk = createVerify('RSA-SHA1')
      .update(esperado, 'ascii')
      .verify(certificatePem, text(rps, 'Assinatura'), 'base64');
    if (!assinaturaOk) {
      erros.push({
        codigo: '1206',
        descricao: `Assinatura Digital do RPS incorreta. String verificada (${esperado}).`,
        rps: ref,
      });
      continue;
    }
    if (scenario.startsWith('rejeitar')) {
      const codigo = scenario.split(':')[1] ?? '1223';
      erros.push({ codigo, descricao: `Rejeição simulada ${codigo}.`, rps: ref });
      continue;
    }
    const { note } = city.notes.convert({
      ccm: ref.ccm,
      serie: ref.serie,
      numeroRps: ref.numero,
      layout,
      emitidaEm: city.now(),
      dataRps: text(rps, 'DataEmissao'),
      cnpjPrestador: cnpj,
      tomador: tomadorTipo ? { tipo: tomadorTipo, numero: text(tomadorEl, tomadorTipo) } : null,
      valor,
      codigoServico: text(rps, 'CodigoServico'),
      discriminacao: text(rps, 'Discriminacao'),
    });
    chaves.push(
      `<ChaveNFeRPS xmlns=""><ChaveNFe><InscricaoPrestador>${ref.ccm}</InscricaoPrestador><NumeroNFe>${note.numero}</NumeroNFe><CodigoVerificacao>${note.codigoVerificacao}</CodigoVerificacao></ChaveNFe><ChaveRPS><InscricaoPrestador>${ref.ccm}</InscricaoPrestador><SerieRPS>${ref.serie}</SerieRPS><NumeroRPS>${ref.numero}</NumeroRPS></ChaveRPS></ChaveNFeRPS>`,
    );
  }
  return { erros, chaves };
}

function consulta(notes: SaoPauloNotes, doc: XmlElement): string {
  const found: SaoPauloNote[] = [];
  for (const detalhe of childElements(doc, 'Detalhe')) {
    const rps = child(detalhe, 'ChaveRPS');
    const nfe = child(detalhe, 'ChaveNFe');
    const note = rps
      ? notes.byRpsKey(text(rps, 'InscricaoPrestador'), text(rps, 'SerieRPS'), text(rps, 'NumeroRPS'))
      : notes.byNfe(text(nfe, 'InscricaoPrestador'), text(nfe, 'NumeroNFe'));
    if (note) found.push(note);
  }
  return found.map(nfeXml).join('');
}

function recebidas(notes: SaoPauloNotes, doc: XmlElement): string {
  const cab = child(doc, 'Cabecalho');
  const tomador = text(child(cab, 'CPFCNPJ'), 'CNPJ') || text(child(cab, 'CPFCNPJ'), 'CPF');
  const inicio = text(cab, 'dtInicio');
  const fim = text(cab, 'dtFim');
  const pagina = Number(text(cab, 'NumeroPagina') || '1');
  const list = notes
    .all()
    .filter(
      (n) =>
        n.tomador?.numero === tomador &&
        brasilia(n.emitidaEm).toISOString().slice(0, 10) >= inicio &&
        brasilia(n.emitidaEm).toISOString().slice(0, 10) <= fim,
    )
    .sort((a, b) => a.emitidaEm.getTime() - b.emitidaEm.getTime() || a.ccm.localeCompare(b.ccm));
  return list
    .slice((pagina - 1) * 50, pagina * 50)
    .map(nfeXml)
    .join('');
}

function cancelamento(notes: SaoPauloNotes, doc: XmlElement, certificatePem: string) {
  const alertas: Evento[] = [];
  const erros: Evento[] = [];
  for (const detalhe of childElements(doc, 'Detalhe')) {
    const chave = child(detalhe, 'ChaveNFe');
    const ccm = text(chave, 'InscricaoPrestador');
    const numero = text(chave, 'NumeroNFe');
    const note = notes.byNfe(ccm, numero);
    const strings = [
      cancellationSignatureString(ccm.replace(/^0+(?=\d)/, ''), numero, 8),
      cancellationSignatureString(ccm.replace(/^0+(?=\d)/, ''), numero, 12),
    ];
    const ok = strings.some((s) =>
      createVerify('RSA-SHA1')
        .update(s, 'ascii')
        .verify(certificatePem, text(detalhe, 'AssinaturaCancelamento'), 'base64'),
    );
    if (!note) erros.push({ codigo: '1302', descricao: `NFS-e ${numero} inexistente para o CCM ${ccm}.` });
    else if (!ok) erros.push({ codigo: '1305', descricao: 'Assinatura de cancelamento incorreta.' });
    else if (note.status === 'C') alertas.push({ codigo: '1301', descricao: 'NFS-e já cancelada.' });
    else notes.cancel(note);
  }
  return { alertas, erros };
}
