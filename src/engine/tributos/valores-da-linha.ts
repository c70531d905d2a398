import { Decimal } from 'decimal.js';
import type { ItemTributavel } from './item-tributavel.js';
import { TributoRecusado } from './tributo-recusado.js';

/** The amounts of an item's line that every tax starts from. */
export interface ValoresDaLinha {
  /** vProd: quantity × unit price, two decimals (MOC 4.00, I11). */
  vProd: Decimal;
  desconto: Decimal;
  frete: Decimal;
  seguro: Decimal;
  outras: Decimal;
  /** The operation's value: vProd + vFrete + vSeg + vOutro − vDesc (LC 87/1996 art. 13, I and § 1º, II). */
  operacao: Decimal;
}

const ZERO = new Decimal(0);

/**
 * The line's amounts. A discount above the rest of the line would give every tax a negative base: it is refused on
 * the discount the caller sent, before any base is computed.
 */
export function valoresDaLinha(item: ItemTributavel): ValoresDaLinha {
  const vProd = new Decimal(item.quantidade).times(item.valorUnitario).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const d = (v: string | undefined) => (v === undefined ? ZERO : new Decimal(v));
  const [desconto, frete, seguro, outras] = [d(item.desconto), d(item.frete), d(item.seguro), d(item.outras)];
  const bruto = vProd.plus(frete).plus(seguro).plus(outras);
  if (desconto.gt(bruto))
    throw new TributoRecusado(
      '/desconto',
      `O desconto ${desconto.toFixed(2)} é maior que o valor do item (${bruto.toFixed(2)}: produtos, frete, seguro e outras despesas): a base dos tributos ficaria negativa.`,
      'O desconto não pode passar do valor do item.',
    );
  return { vProd, desconto, frete, seguro, outras, operacao: bruto.minus(desconto) };
}
