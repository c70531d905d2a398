import { Decimal } from 'decimal.js';
import type { Coletor } from '../nucleo/coletor.js';
import type { NfeIbsCbs } from './nfe-request.js';

/** Tolerance of the value rules: "aceitar uma tolerância de 0,01 a mais ou a menos". */
const TOLERANCIA = new Decimal('0.01');
const d = (v: string | undefined) => new Decimal(v ?? 0);
const cents = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);

/** The quantity subgroups of gIBSCBSMono: each amount is the quantity times the ad rem rate (reais per unit). */
const POR_QUANTIDADE = [
  { grupo: 'gMonoPadrao', sufixo: '' },
  { grupo: 'gMonoReten', sufixo: '_reten' },
  { grupo: 'gMonoRet', sufixo: '_ret' },
] as const;

const TOTAIS = [
  { t: 'ibs', regra: 'UB104-10', cStat: '1070', nome: 'IBS' },
  { t: 'cbs', regra: 'UB105-10', cStat: '1071', nome: 'CBS' },
] as const;

/**
 * The item's monophasic total of one tax from its printed amounts (UB104-10, UB105-10): standard plus withheld
 * less deferred; the amount withheld before (gMonoRet) was charged on an earlier operation and stays out.
 */
export function totalMonoItem(g: NfeIbsCbs, t: 'ibs' | 'cbs'): Decimal {
  return d(g[`v_${t}_mono`])
    .plus(d(g[`v_${t}_mono_reten`]))
    .minus(d(g[`v_${t}_mono_dif`]));
}

/**
 * The amounts of gIBSCBSMono the caller sent: each amount of a quantity subgroup is its quantity × ad rem rate
 * within 0.01 (the layout's definition of the ad rem rate, an amount per unit of the quantity; NT 2025.002 gives
 * no rejection of its own for it, so the issue carries no official code), and the item's totals are the
 * authoriser's UB104-10 (1070) and UB105-10 (1071), within 0.01. The deferral (gMonoDif) has no formula in the NT
 * and no base in the classification table, so its amount is taken as sent.
 */
export function checkIbsCbsMono(g: NfeIbsCbs, base: string, c: Coletor): void {
  const campo = (m: string) => `${base}/ibs_cbs/${m}`;
  for (const { grupo, sufixo } of POR_QUANTIDADE) {
    const q = g[`q_bc_mono${sufixo}`];
    if (q === undefined) continue;
    for (const t of ['ibs', 'cbs'] as const) {
      const taxa = `ad_rem_${t}${sufixo}` as const;
      const valor = `v_${t}_mono${sufixo}` as const;
      const esperado = new Decimal(q).times(d(g[taxa]));
      if (d(g[valor]).minus(esperado).abs().lte(TOLERANCIA)) continue;
      c.add(
        'valor_tributo_divergente',
        campo(valor),
        `${valor} ${g[valor]} difere de q_bc_mono${sufixo} × ${taxa} = ${cents(esperado)} além da tolerância de 0,01 (${grupo}: a alíquota ad rem é um valor por unidade da quantidade tributada).`,
        `Informe ${cents(esperado)} ou corrija a quantidade e a alíquota ad rem.`,
      );
    }
  }
  for (const { t, regra, cStat, nome } of TOTAIS) {
    const k = `v_tot_${t}_mono_item` as const;
    const esperado = totalMonoItem(g, t);
    if (g[k] !== undefined && new Decimal(g[k]).minus(esperado).abs().lte(TOLERANCIA) && !esperado.isNegative())
      continue;
    c.add(
      'valor_tributo_divergente',
      campo(k),
      `${k} ${g[k] ?? 'ausente'} difere de v_${t}_mono + v_${t}_mono_reten - v_${t}_mono_dif = ${cents(esperado)} além da tolerância de 0,01 (regra ${regra}): a SEFAZ rejeita com ${cStat} ("Valor ${nome === 'IBS' ? 'do IBS monofásico' : 'da CBS monofásico'} difere do calculado").`,
      esperado.isNegative()
        ? `O diferido supera o valor monofásico do ${nome}: corrija v_${t}_mono_dif.`
        : `Informe ${cents(esperado)} ou omita ${k} para o serviço somar.`,
      cStat,
    );
  }
}
