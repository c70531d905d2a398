import { Decimal } from 'decimal.js';

/** São Paulo's layouts: 1 (until the tax reform) and 2 (with the IBS/CBS group). */
export type LayoutSaoPaulo = 1 | 2;

/** Identity of a taker or intermediary in the RPS signature: CPF, CNPJ, foreign (NIF / reason without NIF) or none. */
export type DocumentoAssinatura =
  | { tipo: 'cpf' | 'cnpj'; numero: string }
  | { tipo: 'nif'; nif: string }
  | { tipo: 'nao_nif'; motivo: '0' | '1' | '2' }
  | { tipo: 'nenhum' };

/** The RPS fields the `Assinatura` string is made of. */
export interface RpsSignatureFields {
  /** CCM of the provider (digits). */
  inscricaoPrestador: string;
  serie: string;
  numero: string;
  /** AAAA-MM-DD */
  dataEmissao: string;
  tributacao: string;
  status: 'N' | 'C';
  issRetido: boolean;
  /** ValorServicos (layout 1) or ValorFinalCobrado (layout 2), a decimal string. */
  valorServicos: string;
  valorDeducoes: string;
  codigoServico: string;
  tomador: DocumentoAssinatura;
  intermediario?: { documento: DocumentoAssinatura; issRetido: boolean };
}

const zeros = (value: string, width: number) => {
  if (value.length > width) throw new Error(`campo de ${value.length} posições não cabe em ${width}`);
  return value.padStart(width, '0');
};
const cents = (value: string) => zeros(new Decimal(value).times(100).toFixed(0), 15);

function documento(doc: DocumentoAssinatura): string {
  switch (doc.tipo) {
    case 'cpf':
      return `1${zeros(doc.numero, 14)}`;
    case 'cnpj':
      return `2${zeros(doc.numero, 14)}`;
    case 'nenhum':
      return `3${'0'.repeat(14)}`;
    default:
      return `4${'0'.repeat(14)}`;
  }
}

/**
 * The fixed-width ASCII string whose RSA-SHA1 signature is the RPS `Assinatura`: 86 characters in layout 1 (102 with
 * an intermediary), 90 in layout 2, whose CCM has 12 positions, and which ends with the foreign taker's NIF (or its
 * reason for having none). Amounts in cents, numbers zero-padded left, the series space-padded right.
 */
export function rpsSignatureString(f: RpsSignatureFields, layout: LayoutSaoPaulo): string {
  let s =
    zeros(f.inscricaoPrestador, layout === 2 ? 12 : 8) +
    f.serie.padEnd(5, ' ') +
    zeros(f.numero, 12) +
    f.dataEmissao.replaceAll('-', '') +
    f.tributacao +
    f.status +
    (f.issRetido ? 'S' : 'N') +
    cents(f.valorServicos) +
    cents(f.valorDeducoes) +
    zeros(f.codigoServico, 5) +
    documento(f.tomador);
  if (f.intermediario) s += documento(f.intermediario.documento) + (f.intermediario.issRetido ? 'S' : 'N');
  if (layout === 2 && f.tomador.tipo === 'nif') s += f.tomador.nif.trim();
  if (layout === 2 && f.tomador.tipo === 'nao_nif') s += f.tomador.motivo;
  return s;
}

/**
 * The string of `AssinaturaCancelamento`: CCM (8 positions) and the NFS-e number (12). Layout 2 keeps 8 positions
 * in the manual and the schema; `ccmWidth` 12 is the alternative some clients use (docs/provedores-nfse.md). A CCM
 * of more than 8 digits (layout 2 widened it to 12) has no 8-position form: it is written in 12 whatever the width
 * asked, the only string that names it.
 */
export function cancellationSignatureString(
  inscricaoPrestador: string,
  numeroNfe: string,
  ccmWidth: 8 | 12 = 8,
): string {
  const width = inscricaoPrestador.length > 8 ? 12 : ccmWidth;
  return zeros(inscricaoPrestador, width) + zeros(numeroNfe, 12);
}
