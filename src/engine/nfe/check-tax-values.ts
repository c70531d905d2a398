import { Decimal } from 'decimal.js';
import type { Coletor } from '../nucleo/coletor.js';
import type { NfeIcms, NfeIpi, NfePisCofins } from './nfe-request.js';

/**
 * Each tax value the caller sent against the product it is by the layout: value = base × rate / 100 (or
 * quantity × value per unit), in 2 decimals. The authorities accept the product rounded or truncated to the
 * cent (issuers' systems do both), so either is accepted and anything else is `valor_tributo_divergente` at the
 * value's pointer: for the ICMS the authority's rejection 528 (351 for the operation's ICMS of a deferral, whose
 * vICMS is what remains after the deferred part); PIS, COFINS and IPI have no dedicated cStat.
 * Only what was sent is compared: a group without base and rate (ST, retained, non-taxed) is not.
 */
export function checkTaxValues(
  item: { icms: NfeIcms; pis: NfePisCofins; cofins: NfePisCofins; ipi?: NfeIpi },
  base: string,
  c: Coletor,
): void {
  const icms = item.icms.valores;
  // Under deferral the value compared is the operation's ICMS (rejection 351); otherwise vICMS (528).
  const [membro, valor, cStat] =
    icms.v_icms_op !== undefined ? ['v_icms_op', icms.v_icms_op, '351'] : ['v_icms', icms.v_icms, '528'];
  confere(c, {
    campo: `${base}/icms/${membro}`,
    valor,
    fatores: [icms.v_bc, icms.p_icms],
    formula: 'v_bc × p_icms / 100',
    percentual: true,
    cStat,
  });
  for (const [key, g] of [
    ['pis', item.pis],
    ['cofins', item.cofins],
  ] as const) {
    const campo = `${base}/${key}/v_${key}`;
    confere(c, {
      campo,
      valor: g.valor,
      fatores: [g.v_bc, g.aliquota],
      formula: `v_bc × p_${key} / 100`,
      percentual: true,
    });
    confere(c, {
      campo,
      valor: g.valor,
      fatores: [g.q_bc_prod, g.v_aliq_prod],
      formula: 'q_bc_prod × v_aliq_prod',
      percentual: false,
    });
  }
  if (item.ipi) {
    const { v_ipi: valor, v_bc, p_ipi, q_unid, v_unid } = item.ipi;
    const campo = `${base}/ipi/v_ipi`;
    confere(c, { campo, valor, fatores: [v_bc, p_ipi], formula: 'v_bc × p_ipi / 100', percentual: true });
    confere(c, { campo, valor, fatores: [q_unid, v_unid], formula: 'q_unid × v_unid', percentual: false });
  }
}

/** A tax value the layout defines as the product of two members. */
interface ValorDoLayout {
  /** The value's JSON Pointer. */
  campo: string;
  valor: string | undefined;
  /** Base and rate, or quantity and value per unit. */
  fatores: readonly [string | undefined, string | undefined];
  /** The product as the message spells it. */
  formula: string;
  /** The second factor is a rate in percent: the product is divided by 100. */
  percentual: boolean;
  /** The authority's rejection of a divergent value, when it has one of its own. */
  cStat?: string;
}

function confere(c: Coletor, { campo, valor, fatores: [a, b], formula, percentual, cStat }: ValorDoLayout): void {
  if (valor === undefined || a === undefined || b === undefined) return;
  const arredondado = divergeDoProduto(new Decimal(a).times(b).dividedBy(percentual ? 100 : 1), valor);
  if (arredondado === null) return;
  c.add(
    'valor_tributo_divergente',
    campo,
    `${campo.split('/').pop()} ${valor} difere de ${formula} = ${arredondado}${cStat ? ` (rejeição ${cStat} da SEFAZ)` : ''}.`,
    `Informe ${arredondado} (o produto com 2 casas, arredondado ou truncado) ou corrija a base e a alíquota.`,
    cStat,
  );
}

/**
 * The exact product rounded to the cent when the value sent is neither it rounded (half up) nor truncated, as the
 * authorities accept both; null when the value sent is one of them.
 */
export function divergeDoProduto(exato: Decimal, enviado: string): string | null {
  const arredondado = exato.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const valor = new Decimal(enviado);
  return valor.eq(arredondado) || valor.eq(exato.toDecimalPlaces(2, Decimal.ROUND_DOWN))
    ? null
    : arredondado.toFixed(2);
}
