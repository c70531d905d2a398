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
  if (icms.v_icms_op !== undefined)
    confere(c, `${base}/icms/v_icms_op`, icms.v_icms_op, icms.v_bc, icms.p_icms, 'v_bc × p_icms / 100', true, '351');
  else confere(c, `${base}/icms/v_icms`, icms.v_icms, icms.v_bc, icms.p_icms, 'v_bc × p_icms / 100', true, '528');
  for (const [key, g] of [
    ['pis', item.pis],
    ['cofins', item.cofins],
  ] as const) {
    confere(c, `${base}/${key}/v_${key}`, g.valor, g.v_bc, g.aliquota, `v_bc × p_${key} / 100`, true);
    confere(c, `${base}/${key}/v_${key}`, g.valor, g.q_bc_prod, g.v_aliq_prod, 'q_bc_prod × v_aliq_prod', false);
  }
  if (item.ipi) {
    confere(c, `${base}/ipi/v_ipi`, item.ipi.v_ipi, item.ipi.v_bc, item.ipi.p_ipi, 'v_bc × p_ipi / 100', true);
    confere(c, `${base}/ipi/v_ipi`, item.ipi.v_ipi, item.ipi.q_unid, item.ipi.v_unid, 'q_unid × v_unid', false);
  }
}

function confere(
  c: Coletor,
  campo: string,
  valor: string | undefined,
  a: string | undefined,
  b: string | undefined,
  formula: string,
  percentual: boolean,
  cStat?: string,
): void {
  if (valor === undefined || a === undefined || b === undefined) return;
  const exato = new Decimal(a).times(b).dividedBy(percentual ? 100 : 1);
  const arredondado = exato.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const truncado = exato.toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const enviado = new Decimal(valor);
  if (enviado.eq(arredondado) || enviado.eq(truncado)) return;
  c.add(
    'valor_tributo_divergente',
    campo,
    `${campo.split('/').pop()} ${valor} difere de ${formula} = ${arredondado.toFixed(2)}${cStat ? ` (rejeição ${cStat} da SEFAZ)` : ''}.`,
    `Informe ${arredondado.toFixed(2)} (o produto com 2 casas, arredondado ou truncado) ou corrija a base e a alíquota.`,
    cStat,
  );
}
