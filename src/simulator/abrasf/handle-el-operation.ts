import { randomBytes } from 'node:crypto';
import type { CredenciaisProvedor } from '../../engine/empresas/credenciais-provedor.js';
import { RAIZ_MENSAGEM } from '../../engine/nfse/abrasf/call-abrasf.js';
import type { OperacaoAbrasf, PerfilAbrasf } from '../../engine/nfse/abrasf/perfil-abrasf.js';
import { xmlElements, xmlText } from '../../engine/nfse/abrasf/xml-text.js';
import { el, escapeText } from '../../engine/xml/el.js';
import { validateXsd } from '../../engine/xml/validate-xsd.js';
import type { Scenario } from '../nacional/scenario.js';
import type { AbrasfNote, AbrasfState } from './abrasf-state.js';
import { SIMULATOR_CODES } from './handle-abrasf-operation.js';

/** A lot an EL city received: its RPS, then (once processed) its notes or its messages. */
interface LoteEl {
  ibge: string;
  prestador: string;
  numeroLote: string;
  /** The lot's RPS elements as received. */
  rps: string[];
  /** 2 não processado, 3 processado com erro, 4 processado com sucesso. */
  situacao: '2' | '3' | '4';
  /** Situation queries still answered "não processado" before the lot is processed (processamento_lento[:N], 2). */
  consultasPendentes: number;
  /** Messages of a lot processed with errors (code - text). */
  erros: string[];
  /** Numbers of the notes the lot gave. */
  notas: string[];
  /** The scenario played when the lot is processed. */
  rejeitar: string[] | null;
}

/**
 * What an EL city keeps beside its notes (AbrasfState): the open sessions (hash → CNPJ) and the lots by protocol,
 * both in memory: a restarted simulator forgets them, as a city forgets an expired session.
 */
export class ElSimulatorState {
  readonly sessoes = new Map<string, string>();
  readonly lotes = new Map<string, LoteEl>();
  private protocolo = 0;

  nextProtocolo(now: Date): string {
    this.protocolo += 1;
    return `${now.getUTCFullYear()}${String(this.protocolo).padStart(10, '0')}`;
  }
}

export interface ElContext {
  state: AbrasfState;
  el: ElSimulatorState;
  perfil: PerfilAbrasf;
  now: Date;
  ibge: string;
  /** The provider's password registered by the test, if any. */
  esperadas: CredenciaisProvedor | undefined;
}

/** EL's messages carry no code: ours are written before the text (`E10 - …`), as the engine reads them. */
const mensagens = (...textos: string[]) => textos.map((t) => el('mensagens', t)).join('');

/** The note's summary as EL's queries return it (nfeRpsNotaFiscal), in its current situation. */
function notaXml(note: AbrasfNote): string {
  return note.cancelamentoXml ?? note.nfseXml;
}

function resumo(
  note: Pick<AbrasfNote, 'codigoVerificacao' | 'numero' | 'rps' | 'emitidaEm'>,
  situacao: string,
): string {
  return (
    '<nfeRpsNotaFiscal>' +
    el('idNota', note.codigoVerificacao) +
    el('numero', note.numero) +
    el('rpsNumero', note.rps.numero) +
    el('rpsSerie', note.rps.serie) +
    el('dataProcessamento', note.emitidaEm) +
    el('situacao', situacao) +
    '</nfeRpsNotaFiscal>'
  );
}

/** The text of a parameter: a document in CDATA, or escaped text. */
function parametro(dados: string, nome: string): string | null {
  const m = new RegExp(`<(?:[\\w.-]+:)?${nome}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${nome}>`).exec(dados);
  if (!m) return null;
  const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(m[1]!);
  return cdata ? cdata[1]! : xmlText(m[0], nome);
}

/** Issues the lot's notes, or records why it was processed with errors. */
function processLot(ctx: ElContext, lote: LoteEl): void {
  if (lote.rejeitar) {
    lote.situacao = '3';
    lote.erros = lote.rejeitar.length
      ? lote.rejeitar.map((c) => `${c} - Rejeição simulada`)
      : [`${SIMULATOR_CODES.rejeicao} - Rejeição simulada`];
    return;
  }
  const rps = lote.rps.map((r) => ({
    numero: xmlText(r, 'Numero') ?? '',
    serie: xmlText(r, 'Serie') ?? '',
    tipo: (xmlText(r, 'Tipo') ?? '1') as '1' | '2' | '3',
  }));
  const repetidos = rps.filter((r) => ctx.state.findByRps(lote.ibge, lote.prestador, r));
  if (repetidos.length) {
    lote.situacao = '3';
    lote.erros = repetidos.map((r) => `${ctx.perfil.codigos.rpsJaConvertido} - RPS ${r.numero} já informado`);
    return;
  }
  for (const [i, r] of rps.entries()) {
    const numero = ctx.state.nextNumero(lote.ibge, ctx.now);
    const base = {
      codigoVerificacao: randomBytes(8).toString('hex'),
      numero,
      rps: r,
      emitidaEm: ctx.now.toISOString(),
    };
    ctx.state.add({
      ...base,
      ibge: lote.ibge,
      prestador: lote.prestador,
      tomador: xmlText(xmlElements(lote.rps[i]!, 'IdentificacaoTomador')[0] ?? '', 'CpfCnpj'),
      nfseXml: resumo(base, 'Emitida'),
      cancelamentoXml: null,
      substituidaPor: null,
    });
    lote.notas.push(numero);
  }
  lote.situacao = '4';
}

/** EnviarLoteRpsEnvio: the session must be open for the same CNPJ and the lot valid against el-nfse.xsd. */
function enviarLote(ctx: ElContext, dados: string, scenario: Scenario): string | null {
  const prestador = parametro(dados, 'identificacaoPrestador') ?? '';
  const hash = parametro(dados, 'hashIdentificador') ?? '';
  if (!hash || ctx.el.sessoes.get(hash) !== prestador)
    return mensagens(
      'X005 - Sessão inválida ou expirada: autentique-se (autenticarContribuinte) e envie o hashIdentificador.',
    );
  const arquivo = parametro(dados, 'arquivo') ?? '';
  const invalid = validateXsd(arquivo, `provedor:${ctx.perfil.esquema}`);
  if (invalid.length)
    return mensagens(`${SIMULATOR_CODES.esquema} - Arquivo em desacordo com el-nfse.xsd: ${invalid[0]!.message}`);
  const identificacao = xmlElements(arquivo, 'IdentificacaoPrestador')[0] ?? '';
  if (xmlText(identificacao, 'CpfCnpj') !== prestador)
    return mensagens(`${SIMULATOR_CODES.esquema} - O prestador do lote não é o da sessão.`);
  const rps = xmlElements(arquivo, 'Rps');
  if (Number(xmlText(arquivo, 'QuantidadeRps')) !== rps.length)
    return mensagens(`${SIMULATOR_CODES.esquema} - QuantidadeRps não confere com a lista de RPS.`);
  const protocolo = ctx.el.nextProtocolo(ctx.now);
  const lote: LoteEl = {
    ibge: ctx.ibge,
    prestador,
    numeroLote: xmlText(arquivo, 'NumeroLote') ?? '',
    rps,
    situacao: '2',
    consultasPendentes: scenario.kind === 'processamento_lento' ? (scenario.ms ?? 2) : 0,
    erros: [],
    notas: [],
    rejeitar: scenario.kind === 'rejeitar' ? scenario.codes : null,
  };
  ctx.el.lotes.set(protocolo, lote);
  if (lote.consultasPendentes === 0) processLot(ctx, lote);
  // timeout: received and processed, the answer never sent.
  if (scenario.kind === 'timeout') return null;
  return (
    el('numeroLote', lote.numeroLote) + el('dataRecebimento', ctx.now.toISOString()) + el('numeroProtocolo', protocolo)
  );
}

/** The lot of a protocol, if it is this provider's. */
function loteDe(ctx: ElContext, dados: string): LoteEl | undefined {
  const lote = ctx.el.lotes.get(parametro(dados, 'numeroProtocolo') ?? '');
  return lote && lote.prestador === parametro(dados, 'identificacaoPrestador') ? lote : undefined;
}

function consultarSituacao(ctx: ElContext, dados: string): string {
  const lote = loteDe(ctx, dados);
  if (!lote) return el('situacaoLoteRps', '1');
  if (lote.situacao === '2') {
    if (lote.consultasPendentes > 0) lote.consultasPendentes -= 1;
    else processLot(ctx, lote);
  }
  return el('numeroLote', lote.numeroLote) + el('situacaoLoteRps', lote.situacao);
}

function consultarLote(ctx: ElContext, dados: string): string {
  const lote = loteDe(ctx, dados);
  if (!lote) return mensagens('E86 - Protocolo não encontrado');
  if (lote.situacao === '2') return mensagens('E87 - Lote ainda não processado');
  if (lote.situacao === '3') return mensagens(...lote.erros);
  const notas = lote.notas.map((n) => ctx.state.findByNumero(lote.ibge, n)!).map(notaXml);
  return `<notasFiscais>${notas.join('')}</notasFiscais>`;
}

function consultarNfseRps(ctx: ElContext, dados: string): string {
  const prestador = parametro(dados, 'identificacaoPrestador');
  const numero = parametro(dados, 'identificacaoRps');
  const note = ctx.state.all().find((n) => n.ibge === ctx.ibge && n.prestador === prestador && n.rps.numero === numero);
  return note ? notaXml(note) : mensagens(`${ctx.perfil.codigos.rpsNaoEncontrado} - RPS não encontrado`);
}

function cancelarNfse(ctx: ElContext, dados: string, scenario: Scenario): string | null {
  const numero = parametro(dados, 'numeroNfse') ?? '';
  const note = /^\d+$/.test(numero) ? ctx.state.findByNumero(ctx.ibge, numero) : undefined;
  if (!note || note.prestador !== parametro(dados, 'identificacaoPrestador'))
    return mensagens('E78 - NFS-e não encontrada');
  if (note.cancelamentoXml) return mensagens(`${ctx.perfil.codigos.nfseJaCancelada} - NFS-e já cancelada`);
  if (scenario.kind === 'rejeitar')
    return mensagens(
      ...(scenario.codes.length ? scenario.codes : [SIMULATOR_CODES.rejeicao]).map((c) => `${c} - Rejeição simulada`),
    );
  const cancelada = resumo({ ...note, emitidaEm: ctx.now.toISOString() }, 'Cancelada');
  ctx.state.cancel(note, cancelada);
  return scenario.kind === 'timeout' ? null : cancelada;
}

/**
 * One call of EL's RpsService, answered as `return`'s text (null: the scenario `timeout`, the answer is lost).
 * autenticarContribuinte opens a session for the CNPJ when its password is the registered one (any non-blank one
 * otherwise); EnviarLoteRpsEnvio needs that session's hash; finalizarSessao closes it. The lot is validated against
 * el-nfse.xsd (X001); an RPS already converted is refused with the family's code; issuing scenarios play on the lot
 * and the cancellation (`processamento_lento[:N]`: the lot answers "não processado" to N situation queries, 2 by
 * default, so the caller's queue asks it again).
 */
export function handleElOperation(
  ctx: ElContext,
  operacao: OperacaoAbrasf,
  dados: string,
  scenario: Scenario,
): string | null {
  switch (operacao) {
    case 'autenticarContribuinte': {
      const prestador = parametro(dados, 'identificacaoPrestador') ?? '';
      const senha = parametro(dados, 'senha') ?? '';
      const esperada = ctx.esperadas?.senha;
      if (!prestador || !senha || (esperada && esperada !== senha))
        return mensagens(`${SIMULATOR_CODES.credenciais} - Contribuinte ou senha inválidos.`);
      const hash = randomBytes(16).toString('hex');
      ctx.el.sessoes.set(hash, prestador);
      return hash;
    }
    case 'finalizarSessao':
      ctx.el.sessoes.delete(parametro(dados, 'hashIdentificador') ?? '');
      return 'true';
    case 'EnviarLoteRps':
      return enviarLote(ctx, dados, scenario);
    case 'ConsultarSituacaoLoteRps':
      return consultarSituacao(ctx, dados);
    case 'ConsultarLoteRps':
      return consultarLote(ctx, dados);
    case 'ConsultarNfsePorRps':
      return consultarNfseRps(ctx, dados);
    case 'CancelarNfse':
      return cancelarNfse(ctx, dados, scenario);
    default:
      return mensagens(`Operação ${operacao} não simulada.`);
  }
}

/** The answer as JAX-WS writes it: `<Op>Response` in the WSDL's namespace, the text in its unqualified `return`. */
export function elEnvelope(perfil: PerfilAbrasf, operacao: OperacaoAbrasf, texto: string): string {
  const raiz = `${RAIZ_MENSAGEM[operacao]}Response`;
  return (
    '<?xml version="1.0" encoding="utf-8"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>' +
    `<ns2:${raiz} xmlns:ns2="${perfil.namespaceWsdl}"><return>${escapeText(texto)}</return></ns2:${raiz}>` +
    '</S:Body></S:Envelope>'
  );
}
