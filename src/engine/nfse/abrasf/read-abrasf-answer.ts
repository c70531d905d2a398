import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import type { IdentificacaoRps } from './build-abrasf-rps.js';
import { xmlElements, xmlText } from './xml-text.js';

/** One NFS-e of an ABRASF answer (CompNfse). */
export interface AbrasfNfse {
  numero: string;
  codigoVerificacao: string;
  /** InfNfse/DataEmissao as the city wrote it. */
  dataEmissao: string;
  /** OrgaoGerador/CodigoMunicipio. */
  codigoMunicipio: string;
  /** The RPS it came from, when the answer carries it. */
  rps: IdentificacaoRps | null;
  /** CpfCnpj of the provider and of the taker, as written. */
  prestador: string | null;
  tomador: string | null;
  /** The CompNfse element as received. */
  xml: string;
  cancelada: boolean;
}

export interface AbrasfAnswerRead {
  notas: AbrasfNfse[];
  /** ListaMensagemRetorno and ListaMensagemRetornoLote: errors (the request was refused). */
  erros: AuthorityMessage[];
  /** The RPS each error of ListaMensagemRetornoLote names (a lot is refused whole; these RPS are the cause). */
  rpsComErro: Array<{ rps: IdentificacaoRps; erro: AuthorityMessage }>;
  /** ListaMensagemAlertaRetorno: warnings beside a success. */
  alertas: AuthorityMessage[];
  /** RetCancelamento: when the city registered the cancellation, and its document. */
  cancelamento: { dataHora: string | null; xml: string } | null;
  /** Page of a paged query, when present. */
  pagina: number | null;
}

/** The note's key as stored (`chave_acesso`): ABRASF notes have none of their own; city, number and verification code identify them. */
export const chaveAbrasf = (nfse: Pick<AbrasfNfse, 'numero' | 'codigoVerificacao'>, ibge: string) =>
  `${ibge}-${nfse.numero}-${nfse.codigoVerificacao}`;

function messages(blocks: string[]): AuthorityMessage[] {
  return blocks
    .flatMap((b) => xmlElements(b, 'MensagemRetorno'))
    .map((m) => ({
      codigo: xmlText(m, 'Codigo') ?? '',
      descricao: xmlText(m, 'Mensagem') ?? '',
      ...(xmlText(m, 'Correcao') ? { complemento: xmlText(m, 'Correcao')! } : {}),
    }));
}

function identificacaoOf(xml: string): IdentificacaoRps | null {
  const id = xmlElements(xml, 'IdentificacaoRps')[0];
  return id
    ? {
        numero: String(BigInt(xmlText(id, 'Numero') ?? '0')),
        serie: xmlText(id, 'Serie') ?? '',
        tipo: (xmlText(id, 'Tipo') ?? '1') as IdentificacaoRps['tipo'],
      }
    : null;
}

function nfseOf(comp: string): AbrasfNfse {
  const inf = xmlElements(comp, 'InfNfse')[0] ?? comp;
  const orgao = xmlElements(inf, 'OrgaoGerador')[0] ?? '';
  const prestador = xmlElements(inf, 'Prestador')[0] ?? '';
  const tomador = xmlElements(inf, 'IdentificacaoTomador')[0] ?? '';
  const documento = (xml: string) => xmlText(xml, 'Cnpj') ?? xmlText(xml, 'Cpf');
  return {
    numero: xmlText(inf, 'Numero') ?? '',
    codigoVerificacao: xmlText(inf, 'CodigoVerificacao') ?? '',
    dataEmissao: xmlText(inf, 'DataEmissao') ?? '',
    codigoMunicipio: xmlText(orgao, 'CodigoMunicipio') ?? '',
    rps: identificacaoOf(inf),
    prestador: documento(prestador),
    tomador: documento(tomador),
    xml: comp,
    cancelada: xmlElements(comp, 'NfseCancelamento').length > 0,
  };
}

/**
 * Reads any ABRASF 2.04 answer (GerarNfseResposta, EnviarLoteRpsSincronoResposta, ConsultarNfseRpsResposta,
 * CancelarNfseResposta, SubstituirNfseResposta, ConsultarNfseServicoTomadoResposta) into its notes, messages and
 * cancellation, whatever namespace prefix the city's server writes.
 */
export function readAbrasfAnswer(xml: string): AbrasfAnswerRead {
  const alertBlocks = xmlElements(xml, 'ListaMensagemAlertaRetorno');
  const rest = alertBlocks.reduce((acc, block) => acc.replace(block, ''), xml);
  // EloTech's schema names the cancellation's answer after its type: tcRetCancelamento.
  const ret = xmlElements(rest, 'RetCancelamento')[0] ?? xmlElements(rest, 'tcRetCancelamento')[0];
  const pagina = xmlText(rest.replace(/<(?:[\w.-]+:)?CompNfse[\s\S]*<\/(?:[\w.-]+:)?CompNfse>/g, ''), 'Pagina');
  return {
    notas: xmlElements(rest, 'CompNfse').map(nfseOf),
    erros: messages([...xmlElements(rest, 'ListaMensagemRetorno'), ...xmlElements(rest, 'ListaMensagemRetornoLote')]),
    alertas: messages(alertBlocks),
    rpsComErro: xmlElements(rest, 'ListaMensagemRetornoLote')
      .flatMap((b) => xmlElements(b, 'MensagemRetorno'))
      .flatMap((m) => {
        const rps = identificacaoOf(m);
        return rps ? [{ rps, erro: messages([`<L>${m}</L>`])[0]! }] : [];
      }),
    cancelamento: ret ? { dataHora: xmlText(ret, 'DataHora'), xml: ret } : null,
    pagina: pagina ? Number(pagina) : null,
  };
}
