import { el, escapeText, group } from '../../xml/el.js';
import { RAIZ_MENSAGEM } from './call-abrasf.js';
import type { OperacaoAbrasf, PerfilAbrasf } from './perfil-abrasf.js';
import { xmlnsAbrasf } from './perfil-abrasf.js';

/** The provider as EL's messages name it: its CNPJ (or CPF) and its municipal registration. */
export interface PrestadorEl {
  documento: string;
  inscricaoMunicipal: string;
}

/**
 * `<LoteRps>` of el-nfse.xsd around RPS built by build-el-rps.ts: the lot's Id (the number left-padded to 13
 * characters, tsCodigoVerificacao's least), number, count, the provider and the RPS. It is what the note stores and
 * what EnviarLoteRpsEnvio carries as `arquivo`, the same bytes at every send.
 */
export function elLoteRpsMessage(
  perfil: Pick<PerfilAbrasf, 'namespaceDados'>,
  { numeroLote, prestador, rps }: { numeroLote: string; prestador: PrestadorEl; rps: readonly string[] },
): string {
  return (
    `<LoteRps${xmlnsAbrasf(perfil)}>` +
    el('Id', numeroLote.padStart(13, '0')) +
    el('NumeroLote', numeroLote) +
    el('QuantidadeRps', String(rps.length)) +
    group(
      'IdentificacaoPrestador',
      el('CpfCnpj', prestador.documento),
      el('IndicacaoCpfCnpj', prestador.documento.length === 14 ? '2' : '1'),
      el('InscricaoMunicipal', prestador.inscricaoMunicipal),
    ) +
    // Each RPS declares the lot's namespace already: it is placed as built.
    `<ListaRps>${rps.join('')}</ListaRps>` +
    '</LoteRps>'
  );
}

/** One parameter of an EL operation: text, or a document carried as text inside CDATA (the lot's `arquivo`). */
export type ParametroEl = readonly [nome: string, valor: string | { documento: string }];

/**
 * The element of one EL operation (`<el:EnviarLoteRpsEnvio xmlns:el="…">`), in the WSDL's namespace, with its
 * parameters unqualified in the order given; it goes straight in the SOAP body.
 */
export function elOperationMessage(
  perfil: Pick<PerfilAbrasf, 'namespaceWsdl'>,
  operacao: OperacaoAbrasf,
  parametros: readonly ParametroEl[],
): string {
  const raiz = RAIZ_MENSAGEM[operacao];
  const filhos = parametros
    .map(([nome, valor]) =>
      typeof valor === 'string'
        ? `<${nome}>${escapeText(valor)}</${nome}>`
        : `<${nome}><![CDATA[${valor.documento.replaceAll(']]>', ']]]]><![CDATA[>')}]]></${nome}>`,
    )
    .join('');
  return `<el:${raiz} xmlns:el="${perfil.namespaceWsdl}">${filhos}</el:${raiz}>`;
}
