import type { Nfse } from '../../../generated/prisma/client.js';
import type { ChaveRps } from './pedido-xml.js';
import type { LayoutSaoPaulo } from './signature-string.js';

/** Every document id of a São Paulo note starts with it: `SP-<CCM>-<série>-<número>`. */
export const SAO_PAULO_ID_PREFIX = 'SP-';

/** What the São Paulo provider keeps about a note's signed request (`dados_documento`), written as it is built. */
export interface DadosSaoPaulo {
  /** The layout of the request (`Cabecalho/@Versao`). */
  leiaute: LayoutSaoPaulo;
  /** The CNPJ that sends the requests (`CPFCNPJRemetente`): the company's. */
  cnpjRemetente: string;
  /** The city's service code of the RPS. */
  codigoServico: string;
  /** The RPS issue date (AAAA-MM-DD): a lot's header states the first and the last. */
  dataEmissao: string;
  [member: string]: string | number;
}

/** The kept data of a São Paulo note; every such note has them (the migration that added them filled the older ones). */
export function dadosSaoPaulo(note: Pick<Nfse, 'id' | 'dadosDocumento'>): DadosSaoPaulo {
  const dados = note.dadosDocumento as DadosSaoPaulo | null;
  if (!dados) throw new Error(`Nota ${note.id} sem dados_documento da Prefeitura de São Paulo`);
  return dados;
}

/** The RPS a document id names. */
export function chaveRpsOf(dpsId: string): ChaveRps {
  const [ccm, serie, numero] = dpsId.slice(SAO_PAULO_ID_PREFIX.length).split('-');
  return { inscricaoPrestador: ccm!, serie: serie!, numero: numero! };
}

/** The CCM as each layout writes it: 8 digits in layout 1, as registered (up to 12) in layout 2. */
export const ccmIn = (layout: LayoutSaoPaulo, ccm: string) =>
  layout === 1 ? ccm.padStart(8, '0') : ccm.replace(/^0+(?=\d)/, '');
