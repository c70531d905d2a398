import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { atributoIdAbrasf, idAbrasf, xmlnsAbrasf, type LeiauteAbrasf } from '../../engine/nfse/abrasf/perfil-abrasf.js';
import { municipio } from '../../engine/tabelas/index.js';
import { el, group } from '../../engine/xml/el.js';
import { signXml, type XmlSigner } from '../../engine/xml/sign-xml.js';
import { formatBrasilia } from '../nacional/send-json.js';
import type { AbrasfNote } from './abrasf-state.js';
import { xmlElements, xmlText } from '../../engine/nfse/abrasf/xml-text.js';

export interface AbrasfNfseInput {
  /** The family's layout: the note is written in its namespace and version. */
  leiaute: LeiauteAbrasf;
  ibge: string;
  numero: string;
  codigoVerificacao: string;
  emitidaEm: Date;
  /** The received `<Rps>` element as sent (its InfDeclaracaoPrestacaoServico and signature are kept whole). */
  rpsXml: string;
  /** Number of the note this one replaces (SubstituirNfse). */
  substituida?: string;
  signer: XmlSigner;
}

/**
 * The `<Nfse>` a simulated city issues for an RPS (tcNfse), signed by the city over InfNfse. The provider's trade
 * name and address come from the city's register, which the simulator does not have: it writes placeholders.
 */
export function buildAbrasfNfse(input: AbrasfNfseInput): string {
  const rps = input.rpsXml;
  const valor = (name: string) => new Decimal(xmlText(rps, name) ?? '0');
  const servicos = valor('ValorServicos');
  const base = servicos.minus(valor('ValorDeducoes')).minus(valor('DescontoIncondicionado'));
  const aliquota = xmlText(rps, 'Aliquota');
  const iss = aliquota ? base.times(aliquota).div(100).toDecimalPlaces(2) : new Decimal(0);
  const retido = xmlText(rps, 'IssRetido') === '1';
  const liquido = servicos
    .minus(valor('DescontoIncondicionado'))
    .minus(valor('DescontoCondicionado'))
    .minus(retido ? iss : 0);
  const uf = municipio(input.ibge)?.uf ?? 'DF';
  const declaracao = rps.replace(/^<(?:[\w.-]+:)?Rps(?:\s[^>]*)?>/, '').replace(/<\/(?:[\w.-]+:)?Rps>$/, '');
  const prestador = xmlElements(rps, 'Prestador')[0] ?? '';
  const documento = xmlText(prestador, 'Cnpj') ?? xmlText(prestador, 'Cpf') ?? '';
  // A layout of items (EloTech's) dates the note without the time, writes the country in addresses and gives the
  // note an access key of 32 hexadecimal digits.
  const itens = input.leiaute.modeloRps === 'itens';
  // MegaSoft's tcValoresNfse requires the rate and the deductions and has no net value; its address has no Uf.
  const megasoft = input.leiaute.modeloRps === 'megasoft';
  const inf =
    el('Numero', input.numero) +
    el('CodigoVerificacao', input.codigoVerificacao) +
    el('DataEmissao', itens ? formatBrasilia(input.emitidaEm).slice(0, 10) : formatBrasilia(input.emitidaEm)) +
    el('NfseSubstituida', input.substituida) +
    group(
      'ValoresNfse',
      el('BaseCalculo', base.toFixed(2)),
      el('Aliquota', aliquota ?? (megasoft ? '0.00' : undefined)),
      el('ValorIss', iss.toFixed(2)),
      megasoft ? el('Deducao', valor('ValorDeducoes').toFixed(2)) : el('ValorLiquidoNfse', liquido.toFixed(2)),
    ) +
    group(
      'PrestadorServico',
      // 2.00–2.03 identify the provider first (tcDadosPrestador/IdentificacaoPrestador); 2.04 dropped it.
      input.leiaute.versao === '2.04' ? '' : group('IdentificacaoPrestador', prestadorInner(prestador)),
      el('RazaoSocial', `PRESTADOR ${documento} (CADASTRO SIMULADO)`),
      group(
        'Endereco',
        el('Endereco', 'Endereço do cadastro municipal (simulado)'),
        el('Numero', 'S/N'),
        el('Bairro', 'Centro'),
        megasoft ? el('Cep', '00000000') + el('CodigoMunicipio', input.ibge) : '',
        megasoft ? '' : el('CodigoMunicipio', input.ibge) + el('Uf', uf),
        itens ? el('CodigoPais', '1058') : '',
        megasoft ? '' : el('Cep', '00000000'),
      ),
    ) +
    group('OrgaoGerador', el('CodigoMunicipio', input.ibge), el('Uf', uf)) +
    `<DeclaracaoPrestacaoServico>${declaracao}</DeclaracaoPrestacaoServico>` +
    (itens
      ? el(
          'ChaveAcesso',
          createHash('md5').update(`${input.ibge}:${input.numero}:${input.codigoVerificacao}`).digest('hex'),
        )
      : '');
  const nfse = `<Nfse${xmlnsAbrasf(input.leiaute)} versao="${input.leiaute.versao}"><InfNfse${idAbrasf(input.leiaute, `Nfse${input.numero}`)}>${inf}</InfNfse></Nfse>`;
  // A family without identifiers issues its notes unsigned (the signature is optional in its schema).
  const idAttribute = atributoIdAbrasf(input.leiaute);
  return idAttribute ? signXml(nfse, input.signer, { element: 'InfNfse', algorithm: 'sha1', idAttribute }) : nfse;
}

/** The children of the RPS's `<Prestador>` (CpfCnpj, InscricaoMunicipal), as sent. */
const prestadorInner = (prestador: string) =>
  prestador.replace(/^<(?:[\w.-]+:)?Prestador(?:\s[^>]*)?>/, '').replace(/<\/(?:[\w.-]+:)?Prestador>$/, '');

/** `<NfseCancelamento>` (tcCancelamentoNfse): the received Pedido and when the city registered it. */
export function buildAbrasfCancelamento(leiaute: LeiauteAbrasf, pedidoXml: string, at: Date): string {
  // EloTech's schema names the confirmation ConfirmacaoCancelamento.
  const confirmacao = leiaute.elementos.chaveAcessoNoCancelamento ? 'ConfirmacaoCancelamento' : 'Confirmacao';
  return `<NfseCancelamento${xmlnsAbrasf(leiaute)} versao="${leiaute.versao}"><${confirmacao}>${pedidoXml}${el('DataHora', formatBrasilia(at))}</${confirmacao}></NfseCancelamento>`;
}

/** `<CompNfse>`: the note with its cancellation, when it has one (in a second CompNfse where the layout nests it). */
export function compNfseXml(leiaute: LeiauteAbrasf, note: AbrasfNote): string {
  const comp = `<CompNfse>${note.nfseXml}${note.cancelamentoXml ?? ''}</CompNfse>`;
  return leiaute.elementos.compNfseAninhado ? `<CompNfse>${comp}</CompNfse>` : comp;
}
