import { el, escapeAttr, group } from '../../xml/el.js';
import type { Inscricao } from '../nacional/dps-input.js';
import { cpfCnpjXml, identificacaoXml, type IdentificacaoRps } from './build-abrasf-rps.js';
import { ABRASF_NS } from './perfil-abrasf.js';

// The nfseDadosMsg documents of ABRASF 2.04 (nfse_v204.xsd), unsigned: the caller signs the element each one names
// (signAbrasfXml). Every document carries the ABRASF namespace on its root; an RPS already signed keeps its own
// declaration, which leaves its canonical form, and so its signature, unchanged.

/** The provider as ABRASF identifies it (tcIdentificacaoPessoaEmpresa). */
export interface AbrasfPrestador {
  documento: Inscricao;
  inscricaoMunicipal?: string;
}

const prestadorXml = (name: string, p: AbrasfPrestador) =>
  group(name, cpfCnpjXml(p.documento), el('InscricaoMunicipal', p.inscricaoMunicipal));

/** nfseCabecMsg: the layout version of the data area. */
export function cabecalhoMessage(versao: string): string {
  return `<cabecalho xmlns="${ABRASF_NS}" versao="${versao}"><versaoDados>${versao}</versaoDados></cabecalho>`;
}

/** GerarNfse: one signed RPS. */
export function gerarNfseMessage(rpsAssinado: string): string {
  return `<GerarNfseEnvio xmlns="${ABRASF_NS}">${rpsAssinado}</GerarNfseEnvio>`;
}

/** RecepcionarLoteRpsSincrono: the signed RPS of a lot; sign `LoteRps` (Id `Lote<numero>`) afterwards. */
export function enviarLoteRpsSincronoMessage(input: {
  numeroLote: string;
  prestador: AbrasfPrestador;
  rpsAssinados: string[];
}): string {
  return (
    `<EnviarLoteRpsSincronoEnvio xmlns="${ABRASF_NS}"><LoteRps Id="Lote${escapeAttr(input.numeroLote)}" versao="2.04">` +
    el('NumeroLote', input.numeroLote) +
    prestadorXml('Prestador', input.prestador) +
    el('QuantidadeRps', String(input.rpsAssinados.length)) +
    `<ListaRps>${input.rpsAssinados.join('')}</ListaRps></LoteRps></EnviarLoteRpsSincronoEnvio>`
  );
}

/** ConsultarNfsePorRps: the note an RPS became, if any (asked before any resend). */
export function consultarNfseRpsMessage(input: { rps: IdentificacaoRps; prestador: AbrasfPrestador }): string {
  return `<ConsultarNfseRpsEnvio xmlns="${ABRASF_NS}">${identificacaoXml('IdentificacaoRps', input.rps)}${prestadorXml('Prestador', input.prestador)}</ConsultarNfseRpsEnvio>`;
}

export interface PedidoCancelamento {
  numeroNfse: string;
  prestador: AbrasfPrestador;
  codigoMunicipio: string;
  /** tsCodigoCancelamentoNfse: 1 erro na emissão, 2 serviço não prestado, 3 erro de assinatura, 4 duplicidade, 5 erro de processamento. */
  codigoCancelamento: '1' | '2' | '3' | '4' | '5';
}

/** `<Pedido>` of a cancellation (also the first half of a substitution), namespaced so it can be signed alone; sign `InfPedidoCancelamento`. */
export function pedidoCancelamentoMessage(input: PedidoCancelamento): string {
  return (
    `<Pedido xmlns="${ABRASF_NS}"><InfPedidoCancelamento Id="Canc${escapeAttr(input.numeroNfse)}">` +
    group(
      'IdentificacaoNfse',
      el('Numero', input.numeroNfse),
      cpfCnpjXml(input.prestador.documento),
      el('InscricaoMunicipal', input.prestador.inscricaoMunicipal),
      el('CodigoMunicipio', input.codigoMunicipio),
    ) +
    el('CodigoCancelamento', input.codigoCancelamento) +
    '</InfPedidoCancelamento></Pedido>'
  );
}

/** CancelarNfse: one note per call. */
export function cancelarNfseMessage(input: PedidoCancelamento): string {
  return `<CancelarNfseEnvio xmlns="${ABRASF_NS}">${pedidoCancelamentoMessage(input)}</CancelarNfseEnvio>`;
}

/**
 * SubstituirNfse: the signed cancellation request of the replaced note and the signed RPS replacing it; sign
 * `SubstituicaoNfse` (Id `Subst<numero>`) afterwards.
 */
export function substituirNfseMessage(input: {
  numeroNfse: string;
  pedidoAssinado: string;
  rpsAssinado: string;
}): string {
  return `<SubstituirNfseEnvio xmlns="${ABRASF_NS}"><SubstituicaoNfse Id="Subst${escapeAttr(input.numeroNfse)}">${input.pedidoAssinado}${input.rpsAssinado}</SubstituicaoNfse></SubstituirNfseEnvio>`;
}

/** ConsultarNfseServicoTomado: the notes issued to the consulting company in an emission period, by page (≤ 50 each). */
export function consultarNfseServicoTomadoMessage(input: {
  consulente: AbrasfPrestador;
  dataInicial: string;
  dataFinal: string;
  pagina: number;
}): string {
  return (
    `<ConsultarNfseServicoTomadoEnvio xmlns="${ABRASF_NS}">${prestadorXml('Consulente', input.consulente)}` +
    group('PeriodoEmissao', el('DataInicial', input.dataInicial), el('DataFinal', input.dataFinal)) +
    el('Pagina', String(input.pagina)) +
    '</ConsultarNfseServicoTomadoEnvio>'
  );
}
