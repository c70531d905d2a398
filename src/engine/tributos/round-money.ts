import { Decimal } from 'decimal.js';

/** Money of the ICMS, IPI and PIS/COFINS groups: two decimals, half up (MOC 4.00 tolerates ±0.01 per value). */
export function roundMoney(v: Decimal.Value): string {
  return decimal(v).toFixed(2, Decimal.ROUND_HALF_UP);
}

/**
 * Money of the IBS/CBS: two decimals, half to even, as the Receita Federal calculator 1.3.0 rounds (its internal
 * values keep eight decimals; data directory nfe/rtc/README.md).
 */
export function roundMoneyHalfEven(v: Decimal.Value): string {
  return decimal(v).toDecimalPlaces(8, Decimal.ROUND_HALF_EVEN).toFixed(2, Decimal.ROUND_HALF_EVEN);
}

/** `v` as a Decimal: one already is one is taken as it is (Decimals never change), a string or number is parsed. */
export function decimal(v: Decimal.Value): Decimal {
  return Decimal.isDecimal(v) ? v : new Decimal(v);
}

/** `roundMoney` kept as a Decimal, for a value that enters further sums: the same digits, without a parse of its text. */
export function moneyHalfUp(v: Decimal.Value): Decimal {
  return decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
