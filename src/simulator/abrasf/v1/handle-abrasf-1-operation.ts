import type { IdentificacaoRps } from '../../../engine/nfse/abrasf/build-abrasf-rps.js';
import type { OperacaoAbrasf1, PerfilAbrasf1 } from '../../../engine/nfse/abrasf/v1/perfil-abrasf-1.js';
import { xmlElements, xmlText } from '../../../engine/nfse/abrasf/xml-text.js';
import { el, group } from '../../../engine/xml/el.js';
import type { XmlSigner } from '../../../engine/xml/sign-xml.js';
import { formatBrasilia } from '../../nacional/send-json.js';
import type { Scenario } from '../../nacional/scenario.js';
import type { Abrasf1Lote, Abrasf1State } from './abrasf-1-state.js';
import { buildAbrasf1Nfse, compNfse1Xml, nfseCancelamento1, T, tipoDe } from './build-abrasf-1-nfse.js';

export interface Abrasf1Context {
  state: Abrasf1State;
  perfil: PerfilAbrasf1;
  ibge: string;
  signer: XmlSigner;
  now: Date;
}

/**
 * The codes of the ABRASF 1.00 message table the simulated services answer (E10 RPS já informado, E79 NFS-e já
 * cancelada, E92 RPS não encontrado, E78 NFS-e inexistente) and the simulator's own ones (schema, signature, an RPS
 * whose lot is still being processed, a protocol the service does not know).
 */
export const CODIGOS_1 = {
  esquema: 'X001',
  assinatura: 'X002',
  rpsEmProcessamento: 'X004',
  protocoloDesconhecido: 'X005',
  nfseInexistente: 'E78',
  rejeicao: 'X999',
} as const;

/** Situation queries a lot stays "não processado" under `processamento_lento` when no count is given. */
const PENDENTES_PADRAO = 3;

const RESPOSTA: Record<OperacaoAbrasf1, string> = {
  RecepcionarLoteRps: 'EnviarLoteRpsResposta',
  ConsultarSituacaoLoteRps: 'ConsultarSituacaoLoteRpsResposta',
  ConsultarLoteRps: 'ConsultarLoteRpsResposta',
  ConsultarNfsePorRps: 'ConsultarNfseRpsResposta',
  CancelarNfse: 'CancelarNfseResposta',
};

/** The message of an operation the simulator answered: only those the family's package declares reach it. */
function mensagemDe(perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1) {
  const msg = perfil.mensagens[operacao];
  if (!msg) throw new Error(`${perfil.nome} não tem a operação ${operacao}`);
  return msg;
}

/** The schema file of an operation's request. */
export const arquivoDe = (perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1) => mensagemDe(perfil, operacao).arquivo;

/** The schema file of an operation's answer: the request's, `envio` → `resposta`. */
export const arquivoResposta1 = (perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1) =>
  arquivoDe(perfil, operacao).replace('_envio', '_resposta');

/**
 * An answer of the family: its root and the root's children in the answer's namespace (prefix `r`; every answer
 * schema qualifies them), the shared types as the family's schema writes them. No default namespace, so unqualified
 * types stay in none.
 */
function answer(ctx: Abrasf1Context, operacao: OperacaoAbrasf1, inner: string): string {
  const ns = mensagemDe(ctx.perfil, operacao).namespace.replace('_envio', '_resposta');
  const raiz = `r:${RESPOSTA[operacao]}`;
  return `<${raiz} xmlns:r="${ns}" xmlns:${T}="${ctx.perfil.tipos.namespace}">${inner}</${raiz}>`;
}

export function refusal1(
  ctx: Abrasf1Context,
  operacao: OperacaoAbrasf1,
  mensagens: Array<{ codigo: string; mensagem: string }>,
): string {
  return answer(ctx, operacao, listaMensagens(tipoDe(ctx.perfil), mensagens));
}

const listaMensagens = (t: (name: string) => string, mensagens: Array<{ codigo: string; mensagem: string }>) =>
  group(
    `${T}:ListaMensagemRetorno`,
    ...mensagens.map((m) =>
      group(t('MensagemRetorno'), el(t('Codigo'), m.codigo), el(t('Mensagem'), m.mensagem.slice(0, 200))),
    ),
  );

function identificacaoOf(xml: string): IdentificacaoRps {
  const id = xmlElements(xml, 'IdentificacaoRps')[0] ?? '';
  return {
    numero: String(BigInt(xmlText(id, 'Numero') ?? '0')),
    serie: xmlText(id, 'Serie') ?? '',
    tipo: (xmlText(id, 'Tipo') ?? '1') as IdentificacaoRps['tipo'],
  };
}

/** CNPJ of the provider a message is about. */
export function prestadorOf1(mensagem: string): string {
  const bloco = xmlElements(mensagem, 'Prestador')[0] ?? xmlElements(mensagem, 'IdentificacaoNfse')[0] ?? mensagem;
  return xmlText(bloco, 'Cnpj') ?? '';
}

/**
 * Processes a lot once its pending situation queries are spent: every RPS becomes a note, or the lot is refused
 * whole with the scenario's codes (situation 3).
 */
function process(ctx: Abrasf1Context, lote: Abrasf1Lote): void {
  if (lote.situacao !== '2' || lote.pendentes > 0) return;
  if (lote.rejeicao.length > 0) {
    const erros = lote.rejeicao.map((codigo) => ({ codigo, mensagem: `Rejeição simulada ${codigo}.` }));
    ctx.state.changeLote(lote.protocolo, { situacao: '3', erros });
    return;
  }
  const notas = lote.rpsXml.map((rpsXml, i) => {
    const numero = ctx.state.nextNumero(ctx.ibge, ctx.now);
    const codigoVerificacao = ctx.state.codigoVerificacao();
    const nfseXml = buildAbrasf1Nfse({
      perfil: ctx.perfil,
      ibge: ctx.ibge,
      numero,
      codigoVerificacao,
      emitidaEm: ctx.now,
      rpsXml,
      signer: ctx.signer,
    });
    ctx.state.addNote({
      ibge: ctx.ibge,
      numero,
      codigoVerificacao,
      emitidaEm: ctx.now.toISOString(),
      prestador: lote.prestador,
      rps: lote.rps[i]!,
      nfseXml,
      cancelamentoXml: null,
    });
    return numero;
  });
  ctx.state.changeLote(lote.protocolo, { situacao: '4', notas });
}

type Handler = (ctx: Abrasf1Context, mensagem: string, prestador: string, scenario: Scenario) => string | null;

/** RecepcionarLoteRps: a protocol for the lot, processed later (or refused at once for a repeated RPS). */
const receberLote: Handler = (ctx, mensagem, prestador, scenario) => {
  const operacao = 'RecepcionarLoteRps';
  const rpsXml = xmlElements(mensagem, 'Rps');
  const rps = rpsXml.map(identificacaoOf);
  // An RPS already converted, or in a lot still being processed, is refused: one RPS never gives two notes.
  const repetido = rps.find(
    (r) => ctx.state.findByRps(ctx.ibge, prestador, r) || ctx.state.pendingLotOf(ctx.ibge, prestador, r),
  );
  if (repetido)
    return refusal1(ctx, operacao, [
      { codigo: ctx.perfil.codigos.rpsJaInformado, mensagem: `RPS ${repetido.serie}/${repetido.numero} já informado.` },
    ]);
  const lote: Abrasf1Lote = {
    protocolo: ctx.state.nextProtocolo(),
    ibge: ctx.ibge,
    prestador,
    numeroLote: xmlText(mensagem, 'NumeroLote') ?? '0',
    recebidoEm: ctx.now.toISOString(),
    rpsXml,
    rps,
    situacao: '2',
    // processamento_lento:N — the scenario's number is the count of situation queries the lot stays unprocessed.
    pendentes: scenario.kind === 'processamento_lento' ? (scenario.ms ?? PENDENTES_PADRAO) : 0,
    rejeicao: scenario.kind === 'rejeitar' ? (scenario.codes.length ? scenario.codes : [CODIGOS_1.rejeicao]) : [],
    erros: [],
    notas: [],
  };
  ctx.state.addLote(lote);
  // timeout: the lot was received (and processed); the answer never comes.
  if (scenario.kind === 'timeout') {
    process(ctx, ctx.state.lote(lote.protocolo)!);
    return null;
  }
  return answer(
    ctx,
    operacao,
    el('r:NumeroLote', lote.numeroLote) +
      el('r:DataRecebimento', formatBrasilia(ctx.now).slice(0, 19)) +
      el('r:Protocolo', lote.protocolo),
  );
};

/** The lot a query names by protocol, when it is the provider's. */
function loteDe(ctx: Abrasf1Context, mensagem: string, prestador: string): Abrasf1Lote | undefined {
  const lote = ctx.state.lote(xmlText(mensagem, 'Protocolo') ?? '');
  return lote && lote.prestador === prestador ? lote : undefined;
}

const PROTOCOLO_DESCONHECIDO = [{ codigo: CODIGOS_1.protocoloDesconhecido, mensagem: 'Protocolo não encontrado.' }];

/** ConsultarSituacaoLoteRps: 2 while the lot's pending queries last, then 3 or 4 once processed. */
const situacaoDoLote: Handler = (ctx, mensagem, prestador) => {
  const lote = loteDe(ctx, mensagem, prestador);
  if (!lote) return refusal1(ctx, 'ConsultarSituacaoLoteRps', PROTOCOLO_DESCONHECIDO);
  if (lote.situacao === '2' && lote.pendentes > 0)
    ctx.state.changeLote(lote.protocolo, { pendentes: lote.pendentes - 1 });
  else process(ctx, lote);
  const atual = ctx.state.lote(lote.protocolo)!;
  return answer(
    ctx,
    'ConsultarSituacaoLoteRps',
    el('r:NumeroLote', atual.numeroLote) + el('r:Situacao', atual.situacao),
  );
};

/** ConsultarLoteRps: the lot's notes, or its errors. */
const consultarLote: Handler = (ctx, mensagem, prestador) => {
  const operacao = 'ConsultarLoteRps';
  const lote = loteDe(ctx, mensagem, prestador);
  if (!lote) return refusal1(ctx, operacao, PROTOCOLO_DESCONHECIDO);
  if (lote.situacao === '2')
    return refusal1(ctx, operacao, [{ codigo: CODIGOS_1.rpsEmProcessamento, mensagem: 'Lote ainda não processado.' }]);
  if (lote.situacao === '3') return refusal1(ctx, operacao, lote.erros);
  const notas = lote.notas.map((n) => ctx.state.findByNumero(ctx.ibge, n)!);
  return answer(ctx, operacao, group('r:ListaNfse', ...notas.map(compNfse1Xml)));
};

/** ConsultarNfsePorRps: the note of an RPS, or why there is none. */
const consultarPorRps: Handler = (ctx, mensagem, prestador) => {
  const operacao = 'ConsultarNfsePorRps';
  const rps = identificacaoOf(mensagem);
  const note = ctx.state.findByRps(ctx.ibge, prestador, rps);
  if (note) return answer(ctx, operacao, compNfse1Xml(note));
  if (ctx.state.pendingLotOf(ctx.ibge, prestador, rps))
    return refusal1(ctx, operacao, [
      { codigo: CODIGOS_1.rpsEmProcessamento, mensagem: 'RPS em lote ainda não processado.' },
    ]);
  return refusal1(ctx, operacao, [{ codigo: ctx.perfil.codigos.rpsNaoEncontrado, mensagem: 'RPS não encontrado.' }]);
};

/** CancelarNfse: the provider's note, cancelled once. */
const cancelar: Handler = (ctx, mensagem, prestador, scenario) => {
  const operacao = 'CancelarNfse';
  const numero = xmlText(xmlElements(mensagem, 'IdentificacaoNfse')[0] ?? '', 'Numero') ?? '';
  const note = ctx.state.findByNumero(ctx.ibge, numero);
  if (!note || note.prestador !== prestador)
    return refusal1(ctx, operacao, [{ codigo: CODIGOS_1.nfseInexistente, mensagem: 'NFS-e inexistente.' }]);
  if (note.cancelamentoXml)
    return refusal1(ctx, operacao, [{ codigo: ctx.perfil.codigos.nfseJaCancelada, mensagem: 'NFS-e já cancelada.' }]);
  if (scenario.kind === 'rejeitar')
    return refusal1(
      ctx,
      operacao,
      scenario.codes.map((codigo) => ({ codigo, mensagem: `Rejeição simulada ${codigo}.` })),
    );
  const cancelamento = nfseCancelamento1({
    perfil: ctx.perfil,
    pedidoXml: xmlElements(mensagem, 'Pedido')[0] ?? '',
    at: ctx.now,
    numero: note.numero,
    signer: ctx.signer,
  });
  ctx.state.cancel(note, cancelamento);
  if (scenario.kind === 'timeout') return null;
  // The answer's Cancelamento (tcCancelamentoNfse, like the note's NfseCancelamento) holds the same signed content.
  return answer(
    ctx,
    operacao,
    cancelamento.replace(/^<[^>]*>/, '<r:Cancelamento>').replace(/<\/[^>]*>$/, '</r:Cancelamento>'),
  );
};

const HANDLERS: Record<OperacaoAbrasf1, Handler> = {
  RecepcionarLoteRps: receberLote,
  ConsultarSituacaoLoteRps: situacaoDoLote,
  ConsultarLoteRps: consultarLote,
  ConsultarNfsePorRps: consultarPorRps,
  CancelarNfse: cancelar,
};

/** The answer to one valid request, or null to hold it (timeout). */
export function handleAbrasf1Operation(
  ctx: Abrasf1Context,
  operacao: OperacaoAbrasf1,
  mensagem: string,
  scenario: Scenario,
): string | null {
  return HANDLERS[operacao](ctx, mensagem, prestadorOf1(mensagem), scenario);
}
