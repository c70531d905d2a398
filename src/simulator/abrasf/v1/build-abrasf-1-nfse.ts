import { municipio } from '../../../engine/tabelas/index.js';
import type { PerfilAbrasf1 } from '../../../engine/nfse/abrasf/v1/perfil-abrasf-1.js';
import { xmlElements, xmlText } from '../../../engine/nfse/abrasf/xml-text.js';
import { el, group } from '../../../engine/xml/el.js';
import { signXml, type XmlSigner } from '../../../engine/xml/sign-xml.js';
import { formatBrasilia } from '../../nacional/send-json.js';
import type { Abrasf1Note } from './abrasf-1-state.js';

/** The prefix the simulated answers declare the family's shared types with (on each answer's root and Nfse). */
export const T = 't';

/**
 * An element of the family's shared types as its schema writes it: under `t:` where the types are qualified,
 * without a namespace otherwise (the answers then declare no default namespace for it to fall into). Global
 * elements of the types (ListaMensagemRetorno) are always qualified and written with `t:` directly.
 */
export const tipoDe =
  (perfil: PerfilAbrasf1) =>
  (name: string): string =>
    perfil.tipos.qualificados ? `${T}:${name}` : name;

/** `<Nfse>` (tcNfse of ABRASF 1.00) a simulated municipality issues for a received RPS, signed over InfNfse. */
export function buildAbrasf1Nfse(input: {
  perfil: PerfilAbrasf1;
  ibge: string;
  numero: string;
  codigoVerificacao: string;
  emitidaEm: Date;
  rpsXml: string;
  signer: XmlSigner;
}): string {
  const t = tipoDe(input.perfil);
  const rps = input.rpsXml;
  const copia = (name: string) => xmlElements(rps, name)[0] ?? '';
  const prestador = copia('Prestador');
  const tomador = copia('Tomador').replace(/(<\/?)(?:[\w.-]+:)?Tomador([\s>])/g, `$1${t('TomadorServico')}$2`);
  const uf = municipio(input.ibge)?.uf ?? 'SP';
  const inf =
    el(t('Numero'), input.numero) +
    el(t('CodigoVerificacao'), input.codigoVerificacao) +
    el(t('DataEmissao'), formatBrasilia(input.emitidaEm).slice(0, 19)) +
    copia('IdentificacaoRps') +
    el(t('DataEmissaoRps'), (xmlText(rps, 'DataEmissao') ?? '').slice(0, 10)) +
    copia('NaturezaOperacao') +
    copia('RegimeEspecialTributacao') +
    copia('OptanteSimplesNacional') +
    copia('IncentivadorCultural') +
    el(t('Competencia'), formatBrasilia(input.emitidaEm).slice(0, input.perfil.competenciaDataHora ? 19 : 10)) +
    copia('Servico') +
    group(
      t('PrestadorServico'),
      group(
        t('IdentificacaoPrestador'),
        el(t('Cnpj'), xmlText(prestador, 'Cnpj')),
        el(t('InscricaoMunicipal'), xmlText(prestador, 'InscricaoMunicipal')),
      ),
      el(t('RazaoSocial'), `PRESTADOR ${xmlText(prestador, 'Cnpj') ?? ''} (CADASTRO SIMULADO)`),
      // tcDadosPrestador requires an address; the simulated register knows only the municipality.
      group(t('Endereco'), el(t('CodigoMunicipio'), input.ibge), el(t('Uf'), uf)),
    ) +
    tomador +
    group(t('OrgaoGerador'), el(t('CodigoMunicipio'), input.ibge), el(t('Uf'), uf));
  const id = input.perfil.idAtributo;
  const nfse = `<${t('Nfse')} xmlns:${T}="${input.perfil.tipos.namespace}"><${t('InfNfse')} ${id}="Nfse${input.numero}">${inf}</${t('InfNfse')}></${t('Nfse')}>`;
  return signXml(nfse, input.signer, { element: 'InfNfse', algorithm: 'sha1', prefixes: true, idAttribute: id });
}

/**
 * `<NfseCancelamento>` of a cancellation: the received Pedido and when the municipality registered it
 * (`Confirmacao`), signed by the municipality (ISS Fortaleza's schema requires that signature).
 */
export function nfseCancelamento1(input: {
  perfil: PerfilAbrasf1;
  pedidoXml: string;
  at: Date;
  numero: string;
  signer: XmlSigner;
}): string {
  const t = tipoDe(input.perfil);
  const pedido = input.pedidoXml.replace(/(<\/?)(?:[\w.-]+:)?Pedido([\s>])/g, `$1${t('Pedido')}$2`);
  const confirmacao =
    `<${t('Confirmacao')} Id="Conf${input.numero}">${pedido}` +
    group(
      t('InfConfirmacaoCancelamento'),
      el(t('Sucesso'), 'true'),
      el(t('DataHora'), formatBrasilia(input.at).slice(0, 19)),
    ) +
    `</${t('Confirmacao')}>`;
  const xml = `<${t('NfseCancelamento')} xmlns:${T}="${input.perfil.tipos.namespace}">${confirmacao}</${t('NfseCancelamento')}>`;
  return signXml(xml, input.signer, { element: 'Confirmacao', algorithm: 'sha1', prefixes: true });
}

/** `<CompNfse>` (an element of the answer, prefix `r`): the note with its cancellation, when it has one. */
export function compNfse1Xml(note: Abrasf1Note): string {
  return `<r:CompNfse>${note.nfseXml}${note.cancelamentoXml ?? ''}</r:CompNfse>`;
}
