import { Decimal } from 'decimal.js';
import type { Coletor } from '../nucleo/coletor.js';
import { INICIO_IMPOSTO_SELETIVO } from '../tributos/compute-imposto-seletivo.js';
import { checkIbsCbsGroups, type GruposIbsCbs, type ParteIbsCbs } from './check-ibs-cbs-groups.js';
import { checkIbsCbsMono } from './check-ibs-cbs-mono.js';
import { checkIbsCbsValues } from './check-ibs-cbs-values.js';
import { gruposMonoDe } from './grupos-mono-de.js';
import type { NfeItem } from './nfe-request.js';

const PARTES: ParteIbsCbs[] = ['ibs_uf', 'ibs_mun', 'cbs'];

/**
 * What the authoriser checks on an item's IBS/CBS and IS, in every mode, before anything is sent: the groups its
 * CST and cClassTrib allow and require (checkIbsCbsGroups), then, with the groups right, the amounts
 * (checkIbsCbsValues, and checkIbsCbsMono for the monophasic group); the IS group only from 2027 and its value =
 * vBCIS × pIS / 100 within 0.01 (UB11-10, 1019).
 */
export function checkIbsCbsItem(item: NfeItem, base: string, dia: string, c: Coletor): void {
  checkImpostoSeletivo(item, base, dia, c);
  const g = item.ibs_cbs;
  if (!g) return;
  const grupos = gruposDoPedido(item);
  const falhas = checkIbsCbsGroups(grupos);
  for (const f of falhas)
    c.add(
      'grupo_ibs_cbs_invalido',
      `${base}/ibs_cbs/${f.membro}`,
      `${f.motivo} (CST ${g.cst}, cClassTrib ${g.c_class_trib}; regra ${f.regra}): a SEFAZ rejeita com ${f.cStat}.`,
      f.correcao,
      f.cStat,
    );
  if (falhas.length) return;
  checkIbsCbsValues(g, base, dia, c);
  if (grupos.gIBSCBSMono) checkIbsCbsMono(g, base, c);
}

/** The groups the request's item carries, as the group rules read them. */
function gruposDoPedido(item: NfeItem): GruposIbsCbs {
  const g = item.ibs_cbs!;
  const por = (prefixo: string) =>
    Object.fromEntries(PARTES.map((p) => [p, g[`${prefixo}_${p}` as keyof typeof g] !== undefined])) as Record<
      ParteIbsCbs,
      boolean
    >;
  return {
    cst: g.cst,
    cClassTrib: g.c_class_trib,
    gIBSCBS: g.v_bc !== undefined,
    ...gruposMonoDe(g),
    gRed: por('p_red'),
    gDif: por('p_dif'),
    gTribRegular: g.cst_reg !== undefined ? { cst: g.cst_reg, cClassTrib: g.c_class_trib_reg! } : null,
  };
}

function checkImpostoSeletivo(item: NfeItem, base: string, dia: string, c: Coletor): void {
  const is = item.is;
  if (!is) return;
  if (dia < INICIO_IMPOSTO_SELETIVO) {
    c.add(
      'imposto_seletivo_antes_de_2027',
      `${base}/is`,
      `O Imposto Seletivo começa em 2027 (LC 214/2025): a nota de ${dia} não leva o grupo IS.`,
      'Remova o grupo is do item.',
    );
    return;
  }
  const esperado = new Decimal(is.v_bc_is).times(is.p_is).div(100);
  if (new Decimal(is.v_is).minus(esperado).abs().gt('0.01')) {
    const v = esperado.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
    c.add(
      'valor_tributo_divergente',
      `${base}/is/v_is`,
      `v_is ${is.v_is} difere de v_bc_is × p_is / 100 = ${v} além da tolerância de 0,01 (rejeição 1019 da SEFAZ).`,
      `Informe ${v} ou corrija a base e a alíquota do Imposto Seletivo.`,
      '1019',
    );
  }
}
