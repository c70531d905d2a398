import { childElements, parseSimpleXml, textOf, type XmlElement } from '../../xml/xml-element.js';
import type { ChaveNfe, ChaveRps } from './pedido-xml.js';

/** An `Alerta` or `Erro` of an answer (tpEvento), with the RPS or note it concerns. */
export interface EventoSaoPaulo {
  codigo: string;
  descricao: string;
  chaveRps?: ChaveRps;
  chaveNfe?: ChaveNfe;
}

/** A note as São Paulo's queries return it (tpNFe), with the element as written. */
export interface NfeSaoPaulo {
  xml: string;
  chaveNfe: ChaveNfe & { codigoVerificacao: string | null };
  chaveRps: ChaveRps | null;
  /** N normal, C cancelled, E extraviada. */
  status: string;
  chaveNotaNacional: string | null;
  dataEmissao: string | null;
  cnpjPrestador: string | null;
  cnpjTomador: string | null;
  valorServicos: string | null;
}

export interface RetornoSaoPaulo {
  sucesso: boolean;
  alertas: EventoSaoPaulo[];
  erros: EventoSaoPaulo[];
  /** ChaveNFeRPS: the note each RPS became (EnvioRPS, EnvioLoteRPS). */
  chaves: Array<{
    nfe: ChaveNfe & { codigoVerificacao: string | null; chaveNotaNacional: string | null };
    rps: ChaveRps | null;
  }>;
  nfes: NfeSaoPaulo[];
}

const child = (element: XmlElement | undefined, name: string) =>
  element ? childElements(element, name)[0] : undefined;
const text = (element: XmlElement | undefined, name: string) => {
  const found = child(element, name);
  return found ? textOf(found) : null;
};

function chaveRps(element: XmlElement | undefined): ChaveRps | undefined {
  if (!element) return undefined;
  return {
    inscricaoPrestador: text(element, 'InscricaoPrestador') ?? '',
    serie: text(element, 'SerieRPS') ?? '',
    numero: text(element, 'NumeroRPS') ?? '',
  };
}

function chaveNfe(element: XmlElement | undefined) {
  return {
    inscricaoPrestador: text(element, 'InscricaoPrestador') ?? '',
    numero: text(element, 'NumeroNFe') ?? '',
    codigoVerificacao: text(element, 'CodigoVerificacao'),
    chaveNotaNacional: text(element, 'ChaveNotaNacional'),
  };
}

function evento(element: XmlElement): EventoSaoPaulo {
  const rps = chaveRps(child(element, 'ChaveRPS'));
  const nfe = child(element, 'ChaveNFe');
  return {
    codigo: text(element, 'Codigo') ?? '',
    descricao: text(element, 'Descricao') ?? '',
    ...(rps ? { chaveRps: rps } : {}),
    ...(nfe ? { chaveNfe: chaveNfe(nfe) } : {}),
  };
}

const documento = (element: XmlElement | undefined) => text(element, 'CNPJ') ?? text(element, 'CPF');

/** Reads any synchronous answer (RetornoEnvioRPS, RetornoEnvioLoteRPS, RetornoConsulta, RetornoCancelamentoNFe); null when unreadable. */
export function readRetorno(xml: string): RetornoSaoPaulo | null {
  const root = parseSimpleXml(xml.trim());
  const cabecalho = root ? child(root, 'Cabecalho') : undefined;
  if (!root || !cabecalho) return null;
  return {
    sucesso: text(cabecalho, 'Sucesso') === 'true',
    alertas: childElements(root, 'Alerta').map(evento),
    erros: childElements(root, 'Erro').map(evento),
    chaves: childElements(root, 'ChaveNFeRPS').map((c) => ({
      nfe: chaveNfe(child(c, 'ChaveNFe')),
      rps: chaveRps(child(c, 'ChaveRPS')) ?? null,
    })),
    nfes: childElements(root, 'NFe').map((n) => {
      const chave = chaveNfe(child(n, 'ChaveNFe'));
      return {
        xml: xml.trim().slice(n.start, n.end),
        chaveNfe: {
          inscricaoPrestador: chave.inscricaoPrestador,
          numero: chave.numero,
          codigoVerificacao: chave.codigoVerificacao,
        },
        chaveRps: chaveRps(child(n, 'ChaveRPS')) ?? null,
        status: text(n, 'StatusNFe') ?? 'N',
        chaveNotaNacional: chave.chaveNotaNacional ?? text(n, 'ChaveNotaNacional'),
        dataEmissao: text(n, 'DataEmissaoNFe'),
        cnpjPrestador: documento(child(n, 'CPFCNPJPrestador')),
        cnpjTomador: documento(child(n, 'CPFCNPJTomador')),
        valorServicos: text(n, 'ValorServicos') ?? text(n, 'ValorFinalCobrado'),
      };
    }),
  };
}

/** The key a São Paulo note is known by: the national key when the city shares it, else SP + CCM (12) + number (12) + check code. */
export function chaveSaoPaulo(nfe: Pick<NfeSaoPaulo, 'chaveNfe' | 'chaveNotaNacional'>): string {
  const { inscricaoPrestador, numero, codigoVerificacao } = nfe.chaveNfe;
  return (
    nfe.chaveNotaNacional ??
    `SP${inscricaoPrestador.padStart(12, '0')}${numero.padStart(12, '0')}${codigoVerificacao ?? ''}`
  );
}
