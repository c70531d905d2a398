import {
  atributoIdAbrasf,
  xmlnsAbrasf,
  type LeiauteAbrasf,
  type OperacaoAbrasf,
  type PerfilAbrasf,
} from '../../engine/nfse/abrasf/perfil-abrasf.js';
import { xmlElements, xmlText } from '../../engine/nfse/abrasf/xml-text.js';
import { qualifyAbrasfMessage } from '../../engine/nfse/abrasf/qualify-abrasf-message.js';
import type { IdentificacaoRps } from '../../engine/nfse/abrasf/build-abrasf-rps.js';
import { el, group } from '../../engine/xml/el.js';
import type { XmlSigner } from '../../engine/xml/sign-xml.js';
import { verifyXmlSignature, type VerifyXmlSignatureResult } from '../../engine/xml/verify-xml-signature.js';
import type { Scenario } from '../nacional/scenario.js';
import type { AbrasfNote, AbrasfState } from './abrasf-state.js';
import { buildAbrasfCancelamento, buildAbrasfNfse, compNfseXml } from './build-abrasf-nfse.js';

export interface AbrasfContext {
  state: AbrasfState;
  perfil: PerfilAbrasf;
  signer: XmlSigner;
  now: Date;
}

/** The simulator's own codes, for faults every city reports in its own words (schema, signature, the scenario's default). */
export const SIMULATOR_CODES = {
  esquema: 'X001',
  assinatura: 'X002',
  nfseNaoEncontrada: 'X003',
  credenciais: 'X004',
  rejeicao: 'X999',
} as const;

const RESPOSTA: Record<OperacaoAbrasf, string> = {
  GerarNfse: 'GerarNfseResposta',
  RecepcionarLoteRpsSincrono: 'EnviarLoteRpsSincronoResposta',
  ConsultarNfsePorRps: 'ConsultarNfseRpsResposta',
  CancelarNfse: 'CancelarNfseResposta',
  SubstituirNfse: 'SubstituirNfseResposta',
  ConsultarNfseServicoTomado: 'ConsultarNfseServicoTomadoResposta',
  // EL 1.00 answers in its own shape (handle-el-operation.ts); these name its operations' answers.
  EnviarLoteRps: 'EnviarLoteRpsEnvioResponse',
  ConsultarSituacaoLoteRps: 'ConsultarSituacaoLoteRpsEnvioResponse',
  ConsultarLoteRps: 'ConsultarLoteRpsEnvioResponse',
  autenticarContribuinte: 'autenticarContribuinteResponse',
  finalizarSessao: 'finalizarSessaoResponse',
};

interface Mensagem {
  codigo: string;
  mensagem: string;
  rps?: IdentificacaoRps;
}

/** The answer in the layout's namespaces (one of its own for each answer, where the family gives them). */
const answer = (leiaute: LeiauteAbrasf, operacao: OperacaoAbrasf, inner: string) =>
  qualifyAbrasfMessage(leiaute, `<${RESPOSTA[operacao]}${xmlnsAbrasf(leiaute)}>${inner}</${RESPOSTA[operacao]}>`);

/** ListaMensagemRetorno (or, per RPS of a lot, ListaMensagemRetornoLote). */
export function refusal(leiaute: LeiauteAbrasf, operacao: OperacaoAbrasf, mensagens: Mensagem[]): string {
  const lote = operacao === 'RecepcionarLoteRpsSincrono' && mensagens.every((m) => m.rps);
  const items = mensagens.map((m) =>
    group(
      'MensagemRetorno',
      lote ? rpsXml('IdentificacaoRps', m.rps!) : '',
      el('Codigo', m.codigo),
      el('Mensagem', m.mensagem.slice(0, 200)),
    ),
  );
  return answer(leiaute, operacao, group(lote ? 'ListaMensagemRetornoLote' : 'ListaMensagemRetorno', ...items));
}

const rpsXml = (name: string, rps: IdentificacaoRps) =>
  group(name, el('Numero', rps.numero), el('Serie', rps.serie), el('Tipo', rps.tipo));

function identificacao(xml: string): IdentificacaoRps {
  const id = xmlElements(xml, 'IdentificacaoRps')[0] ?? '';
  return {
    numero: String(BigInt(xmlText(id, 'Numero') ?? '0')),
    serie: xmlText(id, 'Serie') ?? '',
    tipo: (xmlText(id, 'Tipo') ?? '1') as IdentificacaoRps['tipo'],
  };
}

function documento(xml: string, name: string): string {
  const block = xmlElements(xml, name)[0] ?? '';
  return xmlText(block, 'Cnpj') ?? xmlText(block, 'Cpf') ?? '';
}

/** An element cut out of its document keeps the namespace it had there, so its signature can be checked alone. */
function standalone(leiaute: LeiauteAbrasf, element: string): string {
  const xmlns = xmlnsAbrasf(leiaute);
  if (!xmlns || /^<[\w.-]+\s[^>]*xmlns=/.test(element)) return element;
  return element.replace(/^<([\w.-]+)/, `<$1${xmlns}`);
}

function verify(
  xml: string,
  element: 'InfDeclaracaoPrestacaoServico' | 'LoteRps' | 'InfPedidoCancelamento' | 'SubstituicaoNfse',
  required: boolean,
  idAttribute: 'Id' | 'id' | null,
): Mensagem | null {
  // A family without identifiers signs nothing: a signature there points at nothing the city knows.
  if (!idAttribute)
    return xml.includes('<Signature')
      ? { codigo: SIMULATOR_CODES.assinatura, mensagem: `${element} sem identificador não pode ser assinado.` }
      : null;
  const result: VerifyXmlSignatureResult = verifyXmlSignature(xml, element, { idAttribute });
  if (result.valid) return null;
  if (!required && result.reason === 'missing') return null;
  return { codigo: SIMULATOR_CODES.assinatura, mensagem: `Assinatura de ${element} inválida: ${result.detail}` };
}

/**
 * Checks and issues one RPS (an element `<Rps>` of the request), or says why the city refuses it; `substituida`, the
 * number of the note it replaces (SubstituirNfse), which the new note states.
 */
function acceptRps(ctx: AbrasfContext, rps: string, substituida?: string): { note: AbrasfNote } | { erro: Mensagem } {
  const id = identificacao(rps);
  const falha = verify(
    standalone(ctx.perfil, rps),
    'InfDeclaracaoPrestacaoServico',
    ctx.perfil.assinaturas.rps,
    atributoIdAbrasf(ctx.perfil),
  );
  if (falha) return { erro: { ...falha, rps: id } };
  const prestador = documento(rps, 'Prestador');
  if (ctx.state.findByRps(ctx.perfil.ibge, prestador, id)) {
    return {
      erro: {
        codigo: ctx.perfil.codigos.rpsJaConvertido,
        mensagem: `RPS ${id.serie}/${id.numero} já informado: já foi convertido em NFS-e.`,
        rps: id,
      },
    };
  }
  const numero = ctx.state.nextNumero(ctx.perfil.ibge, ctx.now);
  const codigoVerificacao = ctx.state.codigoVerificacao();
  const nfseXml = buildAbrasfNfse({
    leiaute: ctx.perfil,
    ibge: ctx.perfil.ibge,
    numero,
    codigoVerificacao,
    emitidaEm: ctx.now,
    rpsXml: rps,
    ...(substituida ? { substituida } : {}),
    signer: ctx.signer,
  });
  return {
    note: {
      ibge: ctx.perfil.ibge,
      numero,
      codigoVerificacao,
      emitidaEm: ctx.now.toISOString(),
      prestador,
      tomador: documento(rps, 'IdentificacaoTomador') || null,
      rps: id,
      nfseXml,
      cancelamentoXml: null,
      substituidaPor: null,
    },
  };
}

/**
 * One ABRASF operation on a schema-valid request. Null: the scenario `timeout` (the notes are kept, the answer is
 * lost). Issuing scenarios: `rejeitar[:codigo]` refuses with that code; `autorizar` (default) issues.
 */
export function handleAbrasfOperation(
  ctx: AbrasfContext,
  operacao: OperacaoAbrasf,
  dados: string,
  scenario: Scenario,
): string | null {
  switch (operacao) {
    case 'GerarNfse':
    case 'RecepcionarLoteRpsSincrono':
      return issueRps(ctx, operacao, dados, scenario);
    case 'ConsultarNfsePorRps':
      return consultarNfsePorRps(ctx, operacao, dados);
    case 'CancelarNfse':
      return cancelarNfse(ctx, operacao, dados, scenario);
    case 'SubstituirNfse':
      return substituirNfse(ctx, operacao, dados, scenario);
    case 'ConsultarNfseServicoTomado':
      return consultarNfseServicoTomado(ctx, operacao, dados);
    default:
      // EL 1.00's own operations are answered by handle-el-operation.ts before reaching here.
      throw new Error(`Operação ${operacao} fora do modelo ABRASF 2.0x`);
  }
}

/** GerarNfse and RecepcionarLoteRpsSincrono: every RPS of the request issued, or the whole request refused. */
function issueRps(ctx: AbrasfContext, operacao: OperacaoAbrasf, dados: string, scenario: Scenario): string | null {
  const lote = operacao === 'RecepcionarLoteRpsSincrono' ? xmlElements(dados, 'LoteRps')[0] : undefined;
  if (lote) {
    const falha = verify(dados, 'LoteRps', ctx.perfil.assinaturas.lote, atributoIdAbrasf(ctx.perfil));
    if (falha) return refusal(ctx.perfil, operacao, [falha]);
    if (xmlElements(lote, 'Rps').length > ctx.perfil.loteMaximo)
      return refusal(ctx.perfil, operacao, [
        { codigo: SIMULATOR_CODES.esquema, mensagem: `O lote excede ${ctx.perfil.loteMaximo} RPS.` },
      ]);
  }
  const rpsList = xmlElements(dados, 'Rps');
  if (scenario.kind === 'rejeitar') {
    const codigo = scenario.codes[0] ?? SIMULATOR_CODES.rejeicao;
    return refusal(
      ctx.perfil,
      operacao,
      rpsList.map((r) => ({ codigo, mensagem: `Rejeição simulada (${codigo}).`, rps: identificacao(r) })),
    );
  }
  const results = rpsList.map((r) => acceptRps(ctx, r));
  // One bad RPS refuses the whole lot: nothing is kept.
  const erros = results.flatMap((r) => ('erro' in r ? [r.erro] : []));
  if (erros.length > 0) return refusal(ctx.perfil, operacao, erros);
  const notes = results.map((r) => (r as { note: AbrasfNote }).note);
  for (const note of notes) ctx.state.add(note);
  if (scenario.kind === 'timeout') return null;
  // A layout of items (EloTech's) dates the lot's receipt without the time and gives it no protocol.
  const itens = ctx.perfil.modeloRps === 'itens';
  const protocolo = lote
    ? el('NumeroLote', xmlText(lote, 'NumeroLote')) +
      el('DataRecebimento', ctx.now.toISOString().slice(0, itens ? 10 : 19)) +
      (itens ? '' : el('Protocolo', `SIM${xmlText(lote, 'NumeroLote')}`))
    : '';
  return answer(
    ctx.perfil,
    operacao,
    `${protocolo}<ListaNfse>${notes.map((n) => compNfseXml(ctx.perfil, n)).join('')}</ListaNfse>`,
  );
}

/** The NFS-e an RPS became. */
function consultarNfsePorRps(ctx: AbrasfContext, operacao: OperacaoAbrasf, dados: string): string {
  // A family that names the provider only in the requester's identification has no Prestador here.
  const prestador = documento(dados, 'Prestador') || documento(dados, 'CpfCnpj');
  const note = ctx.state.findByRps(ctx.perfil.ibge, prestador, identificacao(dados));
  if (!note)
    return refusal(ctx.perfil, operacao, [
      {
        codigo: ctx.perfil.codigos.rpsNaoEncontrado,
        mensagem: 'RPS não encontrado: nenhuma NFS-e foi gerada para ele.',
      },
    ]);
  return answer(ctx.perfil, operacao, compNfseXml(ctx.perfil, note));
}

/**
 * The note a cancellation request (`<Pedido>`, alone or in a substitution) names: the city's note of that number, of
 * the provider that asks and, where the request names the note's access key (EloTech), with that key.
 */
function notaDoPedido(ctx: AbrasfContext, pedido: string): AbrasfNote | undefined {
  const note = ctx.state.findByNumero(ctx.perfil.ibge, xmlText(pedido, 'Numero') ?? '0');
  const chave = xmlText(pedido, 'ChaveAcesso');
  if (!note || note.prestador !== documento(pedido, 'CpfCnpj')) return undefined;
  return chave !== null && chave !== xmlText(note.nfseXml, 'ChaveAcesso') ? undefined : note;
}

/** Cancels a note of the provider that asks. */
function cancelarNfse(ctx: AbrasfContext, operacao: OperacaoAbrasf, dados: string, scenario: Scenario): string | null {
  const pedido = xmlElements(dados, 'Pedido')[0]!;
  const falha = verify(
    dados,
    'InfPedidoCancelamento',
    ctx.perfil.assinaturas.cancelamento,
    atributoIdAbrasf(ctx.perfil),
  );
  if (falha) return refusal(ctx.perfil, operacao, [falha]);
  const note = notaDoPedido(ctx, pedido);
  if (!note)
    return refusal(ctx.perfil, operacao, [
      { codigo: SIMULATOR_CODES.nfseNaoEncontrada, mensagem: 'NFS-e não encontrada para este prestador.' },
    ]);
  if (note.cancelamentoXml)
    return refusal(ctx.perfil, operacao, [
      { codigo: ctx.perfil.codigos.nfseJaCancelada, mensagem: 'Esta NFS-e já está cancelada.' },
    ]);
  const cancelamento = buildAbrasfCancelamento(ctx.perfil, standalone(ctx.perfil, pedido), ctx.now);
  ctx.state.cancel(note, cancelamento);
  if (scenario.kind === 'timeout') return null;
  // EloTech's schema names this element after its type.
  const ret = ctx.perfil.elementos.chaveAcessoNoCancelamento ? 'tcRetCancelamento' : 'RetCancelamento';
  return answer(ctx.perfil, operacao, `<${ret}>${cancelamento}</${ret}>`);
}

/** Issues the RPS that replaces a note of the provider and cancels that note. */
function substituirNfse(
  ctx: AbrasfContext,
  operacao: OperacaoAbrasf,
  dados: string,
  scenario: Scenario,
): string | null {
  const substituicao = xmlElements(dados, 'SubstituicaoNfse')[0]!;
  const pedido = xmlElements(substituicao, 'Pedido')[0]!;
  const falha =
    verify(dados, 'SubstituicaoNfse', ctx.perfil.assinaturas.substituicao, atributoIdAbrasf(ctx.perfil)) ??
    verify(
      standalone(ctx.perfil, pedido),
      'InfPedidoCancelamento',
      ctx.perfil.assinaturas.cancelamento,
      atributoIdAbrasf(ctx.perfil),
    );
  if (falha) return refusal(ctx.perfil, operacao, [falha]);
  const original = notaDoPedido(ctx, pedido);
  if (!original)
    return refusal(ctx.perfil, operacao, [
      {
        codigo: SIMULATOR_CODES.nfseNaoEncontrada,
        mensagem: 'NFS-e a substituir não encontrada para este prestador.',
      },
    ]);
  if (original.cancelamentoXml)
    return refusal(ctx.perfil, operacao, [
      { codigo: ctx.perfil.codigos.nfseJaCancelada, mensagem: 'A NFS-e a substituir já está cancelada.' },
    ]);
  if (scenario.kind === 'rejeitar')
    return refusal(ctx.perfil, operacao, [
      { codigo: scenario.codes[0] ?? SIMULATOR_CODES.rejeicao, mensagem: 'Rejeição simulada.' },
    ]);
  const accepted = acceptRps(ctx, xmlElements(substituicao, 'Rps')[0]!, original.numero);
  if ('erro' in accepted) return refusal(ctx.perfil, operacao, [accepted.erro]);
  ctx.state.add(accepted.note);
  ctx.state.cancel(
    original,
    buildAbrasfCancelamento(ctx.perfil, standalone(ctx.perfil, pedido), ctx.now),
    accepted.note.numero,
  );
  if (scenario.kind === 'timeout') return null;
  const substituida = ctx.state.findByNumero(ctx.perfil.ibge, original.numero)!;
  return answer(
    ctx.perfil,
    operacao,
    `<RetSubstituicao><NfseSubstituida>${compNfseXml(ctx.perfil, substituida)}</NfseSubstituida><NfseSubstituidora>${compNfseXml(ctx.perfil, accepted.note)}</NfseSubstituidora></RetSubstituicao>`,
  );
}

/** The notes issued to the consulting party in a period, 50 a page. */
function consultarNfseServicoTomado(ctx: AbrasfContext, operacao: OperacaoAbrasf, dados: string): string {
  // A family that names the company only in the requester's identification filters by Tomador instead.
  const consulente = documento(dados, 'Consulente') || documento(dados, 'Tomador');
  const periodo = xmlElements(dados, 'PeriodoEmissao')[0] ?? xmlElements(dados, 'PeriodoCompetencia')[0] ?? '';
  const inicio = xmlText(periodo, 'DataInicial') ?? '0000-00-00';
  const fim = xmlText(periodo, 'DataFinal') ?? '9999-99-99';
  const pagina = Number(xmlText(dados, 'Pagina') ?? '1');
  const dia = (note: AbrasfNote) =>
    new Date(new Date(note.emitidaEm).getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
  const found = ctx.state
    .all()
    .filter((n) => n.ibge === ctx.perfil.ibge && n.tomador === consulente && dia(n) >= inicio && dia(n) <= fim);
  const page = found.slice((pagina - 1) * 50, pagina * 50);
  if (page.length === 0)
    return refusal(ctx.perfil, operacao, [
      { codigo: SIMULATOR_CODES.nfseNaoEncontrada, mensagem: 'Nenhuma NFS-e encontrada para o período.' },
    ]);
  return answer(
    ctx.perfil,
    operacao,
    `<ListaNfse>${page.map((n) => compNfseXml(ctx.perfil, n)).join('')}${ctx.perfil.elementos.consultaPeloRequerente ? '' : el('Pagina', String(pagina))}</ListaNfse>`,
  );
}
