import { Decimal } from 'decimal.js';

/**
 * The decimal types of layout 4.00 (tiposBasico_v4.00.xsd) the request uses: integer digits, decimals accepted,
 * and the decimals the XML must carry. TDec_1302 is "0" or exactly two decimals, TDec_0302a04 two to four, so a
 * caller's "10.5" or "7" is written "10.50" / "7.00" instead of failing the schema.
 */
export interface FormatoDecimal {
  inteiros: number;
  casas: number;
  /** Decimals the XML carries at least (the value's own decimals above that are kept). */
  casasXml: number;
  /** Percentages capped at 100 (TDec_0302a04Max100, TDec_0302Max100). */
  ate100?: boolean;
}

/** TDec_1302: money. */
export const VALOR: FormatoDecimal = { inteiros: 13, casas: 2, casasXml: 2 };
/** TDec_0302a04 / TDec_0302a04Opc: rates in percent. */
export const ALIQUOTA: FormatoDecimal = { inteiros: 3, casas: 4, casasXml: 2 };
/** TDec_0302a04Max100: a share of the tax (pDif). */
export const PERCENTUAL: FormatoDecimal = { inteiros: 3, casas: 4, casasXml: 2, ate100: true };
/** TDec_0302Max100: pRedAdRem. */
export const PERCENTUAL_2: FormatoDecimal = { inteiros: 3, casas: 2, casasXml: 2, ate100: true };
/** TDec_1104v: quantities (qCom, qBCMono). */
export const QUANTIDADE: FormatoDecimal = { inteiros: 11, casas: 4, casasXml: 0 };
/** TDec_1204v: qBCProd of PIS/COFINS. */
export const QUANTIDADE_12: FormatoDecimal = { inteiros: 12, casas: 4, casasXml: 0 };
/** TDec_1104: vUnid of the IPI, written with four decimals. */
export const VALOR_UNIDADE: FormatoDecimal = { inteiros: 11, casas: 4, casasXml: 4 };
/** TDec_1110v: unit price (vUnCom). */
export const VALOR_UNITARIO: FormatoDecimal = { inteiros: 11, casas: 10, casasXml: 0 };

/** Null when `texto` fits the format, else what is wrong with it (Portuguese, for the error message). */
export function problemaDecimal(texto: string, f: FormatoDecimal): string | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(texto);
  if (!m) return 'use ponto decimal, sem sinal nem separador de milhar';
  const inteiros = m[1]!.replace(/^0+(?=\d)/, '');
  if (inteiros.length > f.inteiros) return `até ${f.inteiros} dígitos antes do ponto`;
  if ((m[2]?.length ?? 0) > f.casas) return `até ${f.casas} casas decimais`;
  if (f.ate100 && new Decimal(texto).gt(100)) return 'no máximo 100';
  return null;
}

/** The value as the layout's pattern wants it: no leading zeros, at least `casasXml` decimals. */
export function decimalXml(texto: string, f: FormatoDecimal): string {
  const d = new Decimal(texto);
  return d.toFixed(Math.max(f.casasXml, d.decimalPlaces()));
}
