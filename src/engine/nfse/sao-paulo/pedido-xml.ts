import { el, group } from '../../xml/el.js';
import type { LayoutSaoPaulo } from './signature-string.js';

/** Namespace of every São Paulo request and answer root; their children are unqualified. */
export const SAO_PAULO_NS = 'http://www.prefeitura.sp.gov.br/nfe';

/** Identity of an RPS at the city: CCM, series, number. */
export interface ChaveRps {
  inscricaoPrestador: string;
  serie: string;
  numero: string;
}

/** Identity of an NFS-e at the city: CCM and number. */
export interface ChaveNfe {
  inscricaoPrestador: string;
  numero: string;
}

const remetente = (cnpj: string) => group('CPFCNPJRemetente', el('CNPJ', cnpj));
const root = (name: string, body: string) => `<${name} xmlns="${SAO_PAULO_NS}">${body}</${name}>`;
const cabecalho = (layout: LayoutSaoPaulo, ...children: string[]) =>
  `<Cabecalho xmlns="" Versao="${layout}">${children.join('')}</Cabecalho>`;

/** PedidoEnvioRPS (EnvioRPS): one signed RPS; the XML-DSig of the whole message is added afterwards. */
export function pedidoEnvioRps(layout: LayoutSaoPaulo, cnpj: string, rpsXml: string): string {
  return root('PedidoEnvioRPS', cabecalho(layout, remetente(cnpj)) + rpsXml);
}

/** PedidoEnvioLoteRPS (EnvioLoteRPS): 1–50 RPS of one CCM; layout 1 also carries the lot totals. */
export function pedidoEnvioLote(
  layout: LayoutSaoPaulo,
  cnpj: string,
  lote: { dtInicio: string; dtFim: string; valorServicos: string; rpsXml: string[] },
): string {
  return root(
    'PedidoEnvioLoteRPS',
    cabecalho(
      layout,
      remetente(cnpj),
      el('transacao', 'false'),
      el('dtInicio', lote.dtInicio),
      el('dtFim', lote.dtFim),
      el('QtdRPS', String(lote.rpsXml.length)),
      ...(layout === 1 ? [el('ValorTotalServicos', lote.valorServicos), el('ValorTotalDeducoes', '0')] : []),
    ) + lote.rpsXml.join(''),
  );
}

/** PedidoConsultaNFe (ConsultaNFe) of 1–50 RPS or notes. */
export function pedidoConsultaNfe(
  layout: LayoutSaoPaulo,
  cnpj: string,
  detalhes: Array<{ rps: ChaveRps } | { nfe: ChaveNfe }>,
): string {
  return root(
    'PedidoConsultaNFe',
    cabecalho(layout, remetente(cnpj)) +
      detalhes
        .map(
          (d) =>
            `<Detalhe xmlns="">${
              'rps' in d
                ? group(
                    'ChaveRPS',
                    el('InscricaoPrestador', d.rps.inscricaoPrestador),
                    el('SerieRPS', d.rps.serie),
                    el('NumeroRPS', d.rps.numero),
                  )
                : group('ChaveNFe', el('InscricaoPrestador', d.nfe.inscricaoPrestador), el('NumeroNFe', d.nfe.numero))
            }</Detalhe>`,
        )
        .join(''),
  );
}

/** PedidoCancelamentoNFe (CancelamentoNFe) of one note with its `AssinaturaCancelamento`. */
export function pedidoCancelamento(layout: LayoutSaoPaulo, cnpj: string, nfe: ChaveNfe, assinatura: string): string {
  return root(
    'PedidoCancelamentoNFe',
    cabecalho(layout, remetente(cnpj), el('transacao', 'true')) +
      `<Detalhe xmlns="">${group('ChaveNFe', el('InscricaoPrestador', nfe.inscricaoPrestador), el('NumeroNFe', nfe.numero))}${el('AssinaturaCancelamento', assinatura)}</Detalhe>`,
  );
}

/** PedidoConsultaNFePeriodo (ConsultaNFeRecebidas / ConsultaNFeEmitidas): one page of at most 31 days. */
export function pedidoConsultaPeriodo(
  layout: LayoutSaoPaulo,
  cnpj: string,
  periodo: { dtInicio: string; dtFim: string; pagina: number; inscricao?: string },
): string {
  return root(
    'PedidoConsultaNFePeriodo',
    cabecalho(
      layout,
      remetente(cnpj),
      group('CPFCNPJ', el('CNPJ', cnpj)),
      el('Inscricao', periodo.inscricao),
      el('dtInicio', periodo.dtInicio),
      el('dtFim', periodo.dtFim),
      el('NumeroPagina', String(periodo.pagina)),
    ),
  );
}
