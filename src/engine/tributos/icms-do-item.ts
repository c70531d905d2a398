import type { Decimal } from 'decimal.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import type { RegraTributaria } from './regra-tributaria.js';
import type { ValoresDaLinha } from './valores-da-linha.js';

/** What each step of an item's ICMS reads. */
export interface IcmsDoItem {
  item: ItemTributavel;
  op: OperacaoTributavel;
  linha: ValoresDaLinha;
  vIpi: Decimal;
  regras: RegraTributaria[];
  /** The profile's CSOSN (Simples Nacional and MEI) or CST (regime normal). */
  codigo: string;
  /** Issuer and recipient in the same UF. */
  interna: boolean;
}

export interface IcmsCalculado {
  /** The item's `icms` group as the `informado` request spells it. */
  grupo: Record<string, string>;
  icmsUfDest?: Record<string, string>;
  /** vICMS and vFCP of the item (zero when the group has none), which the PIS/COFINS and IBS/CBS bases leave out. */
  vIcms: Decimal;
  vFcp: Decimal;
  vIcmsUfDest: Decimal;
  vFcpUfDest: Decimal;
  /** The item's cBenef (prod/cBenef), when the profile has one. */
  cBenef?: string;
}
