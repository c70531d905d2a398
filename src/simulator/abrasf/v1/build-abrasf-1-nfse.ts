import { municipio } from '../../../engine/tabelas/index.js';
import type { PerfilAbrasf1 } from '../../../engine/nfse/abrasf/v1/perfil-abrasf-1.js';
import { xmlElements, xmlText } from '../../../engine/nfse/abrasf/xml-text.js';
import { el, group } from '../../../engine/xml/el.js';
import { signXml, type XmlSigner } from '../../../engine/xml/sign-xml.js';
import { formatBrasilia } from '../../nacional/send-json.js';
import type { Abrasf1Note } from './abrasf-1-state.js';

/** The prefix the simulated answers write the family's shared types with (declared on each answer's root). */
export const T = 't';

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
  const t = (name: string) => `${T}:${name}`;
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
    el(t('Competencia'), formatBrasilia(input.emitidaEm).slice(0, 10)) +
    copia('Servico') +
    group(
      t('PrestadorServico'),
      group(
        t('IdentificacaoPrestador'),
        el(t('Cnpj'), xmlText(prestador, 'Cnpj')),
        el(t('InscricaoMunicipal'), xmlText(prestador, 'InscricaoMunicipal')),
      ),
      el(t('RazaoSocial'), `PRESTADOR ${xmlText(prestador, 'Cnpj') ?? ''} (CADASTRO SIMULADO)`),
    ) +
    tomador +
    group(t('OrgaoGerador'), el(t('CodigoMunicipio'), input.ibge), el(t('Uf'), uf));
  const nfse = `<${t('Nfse')} xmlns:${T}="${input.perfil.tipos.namespace}"><${t('InfNfse')} Id="Nfse${input.numero}">${inf}</${t('InfNfse')}></${t('Nfse')}>`;
  return signXml(nfse, input.signer, { element: 'InfNfse', algorithm: 'sha1', prefixes: true });
}

/** `<Confirmacao>` of a cancellation: the received Pedido and when the municipality registered it. */
export function confirmacaoXml(pedidoXml: string, at: Date, numero: string): string {
  const t = (name: string) => `${T}:${name}`;
  const pedido = pedidoXml.replace(/(<\/?)(?:[\w.-]+:)?Pedido([\s>])/g, `$1${t('Pedido')}$2`);
  return (
    `<${t('Confirmacao')} Id="Conf${numero}">${pedido}` +
    group(
      t('InfConfirmacaoCancelamento'),
      el(t('Sucesso'), 'true'),
      el(t('DataHora'), formatBrasilia(at).slice(0, 19)),
    ) +
    `</${t('Confirmacao')}>`
  );
}

/** `<CompNfse>`: the note with its cancellation, when it has one. */
export function compNfse1Xml(note: Abrasf1Note): string {
  return `<${T}:CompNfse>${note.nfseXml}${note.cancelamentoXml ?? ''}</${T}:CompNfse>`;
}
