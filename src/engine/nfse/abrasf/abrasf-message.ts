import { el, group } from '../../xml/el.js';
import type { Inscricao } from '../nacional/dps-input.js';
import { cpfCnpjXml, identificacaoXml, type IdentificacaoRps } from './build-abrasf-rps.js';
import { idAbrasf, xmlnsAbrasf, type LeiauteAbrasf, type PerfilFamiliaAbrasf } from './perfil-abrasf.js';
import { qualifyAbrasfMessage } from './qualify-abrasf-message.js';

// The request documents of ABRASF 2.0x, unsigned: the caller signs the element each one names (signAbrasfXml). Every
// document carries its layout's namespace on its root (none where the family's schema has none); an RPS already
// signed keeps its own declaration, which leaves its canonical form, and so its signature, unchanged. A family with
// one namespace per message gets them here (qualifyAbrasfMessage), before the message's own signature.

/** The provider as ABRASF identifies it (tcIdentificacaoPessoaEmpresa). */
export interface AbrasfPrestador {
  documento: Inscricao;
  inscricaoMunicipal?: string;
}

const prestadorXml = (name: string, p: AbrasfPrestador) =>
  group(name, cpfCnpjXml(p.documento), el('InscricaoMunicipal', p.inscricaoMunicipal));

/** nfseCabecMsg: the layout version of the data area, as the family writes it. */
export function cabecalhoMessage(
  leiaute: Pick<LeiauteAbrasf, 'namespaceDados' | 'esquema' | 'namespacePorMensagem'>,
  cabecalho: NonNullable<PerfilFamiliaAbrasf['cabecalho']>,
): string {
  return qualifyAbrasfMessage(
    leiaute,
    `<cabecalho${xmlnsAbrasf(leiaute)} versao="${cabecalho.versao}"><versaoDados>${cabecalho.versaoDados}</versaoDados></cabecalho>`,
  );
}

/** GerarNfse: one signed RPS. */
export function gerarNfseMessage(leiaute: LeiauteAbrasf, rpsAssinado: string): string {
  return qualifyAbrasfMessage(leiaute, `<GerarNfseEnvio${xmlnsAbrasf(leiaute)}>${rpsAssinado}</GerarNfseEnvio>`);
}

/** RecepcionarLoteRpsSincrono: the signed RPS of a lot; sign `LoteRps` (Id `Lote<numero>`) afterwards. */
export function enviarLoteRpsSincronoMessage(
  leiaute: LeiauteAbrasf,
  input: { numeroLote: string; prestador: AbrasfPrestador; rpsAssinados: string[] },
): string {
  const prestador =
    leiaute.elementos.prestadorDoLote === 'Prestador'
      ? prestadorXml('Prestador', input.prestador)
      : cpfCnpjXml(input.prestador.documento) + el('InscricaoMunicipal', input.prestador.inscricaoMunicipal);
  return qualifyAbrasfMessage(
    leiaute,
    `<EnviarLoteRpsSincronoEnvio${xmlnsAbrasf(leiaute)}><LoteRps${idAbrasf(leiaute, `Lote${input.numeroLote}`)} versao="${leiaute.versao}">` +
      el('NumeroLote', input.numeroLote) +
      prestador +
      el('QuantidadeRps', String(input.rpsAssinados.length)) +
      `<ListaRps>${input.rpsAssinados.join('')}</ListaRps></LoteRps></EnviarLoteRpsSincronoEnvio>`,
  );
}

/** ConsultarNfsePorRps: the note an RPS became, if any (asked before any resend). */
export function consultarNfseRpsMessage(
  leiaute: LeiauteAbrasf,
  input: { rps: IdentificacaoRps; prestador: AbrasfPrestador },
): string {
  return qualifyAbrasfMessage(
    leiaute,
    `<ConsultarNfseRpsEnvio${xmlnsAbrasf(leiaute)}>${identificacaoXml('IdentificacaoRps', input.rps, leiaute)}` +
      (leiaute.elementos.consultaPeloRequerente ? '' : prestadorXml('Prestador', input.prestador)) +
      '</ConsultarNfseRpsEnvio>',
  );
}

export interface PedidoCancelamento {
  numeroNfse: string;
  prestador: AbrasfPrestador;
  codigoMunicipio: string;
  /** tsCodigoCancelamentoNfse: 1 erro na emissão, 2 serviço não prestado, 3 erro de assinatura, 4 duplicidade, 5 erro de processamento. */
  codigoCancelamento: '1' | '2' | '3' | '4' | '5';
  /** The reason as the national model states it (cMotivo 1/2/9 and its text), for a layout that carries it. */
  motivo?: { codigo: '1' | '2' | '9'; texto: string };
  /** The note's ChaveAcesso as the city wrote it, for a layout whose request names it. */
  chaveAcesso?: string;
}

/** `<Pedido>` of a cancellation (also the first half of a substitution), namespaced so it can be signed alone; sign `InfPedidoCancelamento`. */
export function pedidoCancelamentoMessage(leiaute: LeiauteAbrasf, input: PedidoCancelamento): string {
  return (
    `<Pedido${xmlnsAbrasf(leiaute)}><InfPedidoCancelamento${idAbrasf(leiaute, `Canc${input.numeroNfse}`)}>` +
    group(
      'IdentificacaoNfse',
      el('Numero', input.numeroNfse),
      cpfCnpjXml(input.prestador.documento),
      el('InscricaoMunicipal', input.prestador.inscricaoMunicipal),
      el('CodigoMunicipio', input.codigoMunicipio),
    ) +
    (leiaute.elementos.chaveAcessoNoCancelamento ? el('ChaveAcesso', input.chaveAcesso) : '') +
    el('CodigoCancelamento', input.codigoCancelamento) +
    (leiaute.motivoCancelamentoNacional && input.motivo
      ? el('ADNCodMotivo', input.motivo.codigo) + el('ADNMotivo', input.motivo.texto)
      : '') +
    '</InfPedidoCancelamento></Pedido>'
  );
}

/** CancelarNfse: one note per call. */
export function cancelarNfseMessage(leiaute: LeiauteAbrasf, input: PedidoCancelamento): string {
  return qualifyAbrasfMessage(
    leiaute,
    `<CancelarNfseEnvio${xmlnsAbrasf(leiaute)}>${pedidoCancelamentoMessage(leiaute, input)}</CancelarNfseEnvio>`,
  );
}

/**
 * SubstituirNfse: the signed cancellation request of the replaced note and the signed RPS replacing it; sign
 * `SubstituicaoNfse` (Id `Subst<numero>`) afterwards.
 */
export function substituirNfseMessage(
  leiaute: LeiauteAbrasf,
  input: { numeroNfse: string; pedidoAssinado: string; rpsAssinado: string },
): string {
  return qualifyAbrasfMessage(
    leiaute,
    `<SubstituirNfseEnvio${xmlnsAbrasf(leiaute)}><SubstituicaoNfse${idAbrasf(leiaute, `Subst${input.numeroNfse}`)}>${input.pedidoAssinado}${input.rpsAssinado}</SubstituicaoNfse></SubstituirNfseEnvio>`,
  );
}

/** ConsultarNfseServicoTomado: the notes issued to the consulting company in an emission period, by page (≤ 50 each). */
export function consultarNfseServicoTomadoMessage(
  leiaute: LeiauteAbrasf,
  input: { consulente: AbrasfPrestador; dataInicial: string; dataFinal: string; pagina: number },
): string {
  return qualifyAbrasfMessage(
    leiaute,
    `<ConsultarNfseServicoTomadoEnvio${xmlnsAbrasf(leiaute)}>` +
      (leiaute.elementos.consultaPeloRequerente ? '' : prestadorXml('Consulente', input.consulente)) +
      group('PeriodoEmissao', el('DataInicial', input.dataInicial), el('DataFinal', input.dataFinal)) +
      (leiaute.elementos.consultaPeloRequerente ? prestadorXml('Tomador', input.consulente) : '') +
      el('Pagina', String(input.pagina)) +
      '</ConsultarNfseServicoTomadoEnvio>',
  );
}
