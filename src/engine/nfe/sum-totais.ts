import { Decimal } from 'decimal.js';
import type { IcmsCampo } from './icms-grupos.js';
import type { NfeItem } from './nfe-request.js';

/** Totals a caller may send in `totais`, each checked against the ICMSTot / IBSCBSTot sum it names. */
export const TOTAIS_INFORMADOS = {
  valor_produtos: 'vProd',
  valor_desconto: 'vDesc',
  valor_frete: 'vFrete',
  valor_seguro: 'vSeg',
  valor_outras_despesas: 'vOutro',
  base_icms: 'vBC',
  valor_icms: 'vICMS',
  valor_icms_desonerado: 'vICMSDeson',
  valor_fcp_uf_dest: 'vFCPUFDest',
  valor_icms_uf_dest: 'vICMSUFDest',
  valor_icms_uf_remet: 'vICMSUFRemet',
  base_icms_st: 'vBCST',
  valor_icms_st: 'vST',
  valor_fcp_st: 'vFCPST',
  valor_ipi: 'vIPI',
  valor_pis: 'vPIS',
  valor_cofins: 'vCOFINS',
  valor_ibs: 'vIBS',
  valor_cbs: 'vCBS',
  valor_nota: 'vNF',
} as const;
export type TotalInformado = keyof typeof TOTAIS_INFORMADOS;

/** The authority's rejection of a total that differs from the sum of the items, where it has one of its own. */
export const CSTAT_TOTAL: Partial<Record<TotalInformado, string>> = {
  base_icms: '531',
  valor_icms: '532',
  base_icms_st: '533',
  valor_icms_st: '534',
  valor_icms_desonerado: '795',
  valor_fcp_uf_dest: '798',
  valor_icms_uf_dest: '799',
  valor_icms_uf_remet: '800',
};

export interface TotaisIbsCbs {
  vBCIBSCBS: string;
  vIBSUF: string;
  vIBSMun: string;
  vIBS: string;
  vCBS: string;
  /** Deferred amounts of each part (gDif), summed into gIBSUF/gIBSMun/gCBS vDif (W38, W43, W53). */
  vDifIBSUF: string;
  vDifIBSMun: string;
  vDifCBS: string;
  /** gIBS and gCBS are written only when an item carries gIBSCBS (a CST without it has no amounts). */
  tributado: boolean;
  /** gMono (W57a-W59d): the sums of the monophasic items' amounts; null when no item carries gIBSCBSMono. */
  mono: TotaisMono | null;
}

/** IBSCBSTot/gMono: each the sum of the same member of the items (W58-10 … W59d-10). */
export interface TotaisMono {
  vIBSMono: string;
  vCBSMono: string;
  vIBSMonoReten: string;
  vCBSMonoReten: string;
  vIBSMonoRet: string;
  vCBSMonoRet: string;
}

export interface SomaTotais {
  /** ICMSTot in layout order (W02 … W16); the monophasic totals only when an item has them. */
  icmsTot: Record<string, string>;
  vNF: string;
  ibsCbs: TotaisIbsCbs | null;
  /** ISTot/vIS (W33): the items' Imposto Seletivo; null when no item has the IS group. */
  vIS: string | null;
  /** vProd of each item. */
  itens: string[];
  /**
   * With IBS/CBS amounts (NT 2025.002): vItem of each item, its share of the note with the taxes charged on top
   * (IBS, CBS, IS and the item's monophasic totals, VB01-10), and vNFTot, their sum (W60-10). Null without them.
   */
  comIbsCbs: { vItens: string[]; vNFTot: string } | null;
}

const zero = new Decimal(0);
const soma = (itens: NfeItem[], f: (i: NfeItem) => string | undefined) =>
  itens.reduce((s, i) => s.plus(f(i) ?? 0), zero);

/** ICMSTot member ← the ICMS member summed into it (MOC 4.00, W02–W16; NT 2023.001 for the monophasic ones). */
const DO_ICMS: ReadonlyArray<readonly [string, IcmsCampo, boolean]> = [
  ['vBC', 'v_bc', false],
  ['vICMS', 'v_icms', false],
  ['vICMSDeson', 'v_icms_deson', false],
  ['vFCP', 'v_fcp', false],
  ['vBCST', 'v_bc_st', false],
  ['vST', 'v_icms_st', false],
  ['vFCPST', 'v_fcp_st', false],
  ['vFCPSTRet', 'v_fcp_st_ret', false],
  ['qBCMono', 'q_bc_mono', true],
  ['vICMSMono', 'v_icms_mono', true],
  ['qBCMonoReten', 'q_bc_mono_reten', true],
  ['vICMSMonoReten', 'v_icms_mono_reten', true],
  ['qBCMonoRet', 'q_bc_mono_ret', true],
  ['vICMSMonoRet', 'v_icms_mono_ret', true],
];

/** vProd of each item (quantity × unit price, 2 decimals) and the note's totals, all in Decimal. */
export function sumTotais(itens: NfeItem[]): SomaTotais {
  const vItens = itens.map((i) =>
    new Decimal(i.quantidade).times(i.valor_unitario).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
  );
  const icms = (k: IcmsCampo) => soma(itens, (i) => i.icms.valores[k]);
  const t: Record<string, Decimal> = {};
  const difal = itens.some((i) => i.icms_uf_dest);
  for (const [tag, campo, opcional] of DO_ICMS) {
    if (!opcional || itens.some((i) => i.icms.valores[campo] !== undefined)) t[tag] = icms(campo);
    // W04c-W04e, after vICMSDeson and only when an item shares its ICMS with the destination UF (ICMSUFDest).
    if (tag === 'vICMSDeson' && difal) {
      t.vFCPUFDest = soma(itens, (i) => i.icms_uf_dest?.v_fcp_uf_dest);
      t.vICMSUFDest = soma(itens, (i) => i.icms_uf_dest?.v_icms_uf_dest);
      t.vICMSUFRemet = soma(itens, (i) => i.icms_uf_dest?.v_icms_uf_remet);
    }
  }
  t.vProd = vItens.reduce((s, v) => s.plus(v), zero);
  t.vFrete = soma(itens, (i) => i.frete);
  t.vSeg = soma(itens, (i) => i.seguro);
  t.vDesc = soma(itens, (i) => i.desconto);
  t.vII = soma(itens, (i) => i.ii?.v_ii);
  t.vIPI = soma(itens, (i) => i.ipi?.v_ipi);
  t.vIPIDevol = zero;
  t.vPIS = soma(itens, (i) => i.pis.valor);
  t.vCOFINS = soma(itens, (i) => i.cofins.valor);
  t.vOutro = soma(itens, (i) => i.outras_despesas);
  // W16: vNF = vProd − vDesc − vICMSDeson (only where indDeduzDeson = 1, NT 2023.004) + vST + vFCPST + vFrete
  // + vSeg + vOutro + vII + vIPI + vIPIDevol.
  const deduzido = soma(itens, (i) =>
    i.icms.valores.ind_deduz_deson === '1' ? i.icms.valores.v_icms_deson : undefined,
  );
  t.vNF = t
    .vProd!.minus(t.vDesc)
    .minus(deduzido)
    .plus(t.vST!)
    .plus(t.vFCPST!)
    .plus(t.vFrete)
    .plus(t.vSeg)
    .plus(t.vOutro)
    .plus(t.vII)
    .plus(t.vIPI)
    .plus(t.vIPIDevol);
  const icmsTot = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.toFixed(2, Decimal.ROUND_HALF_UP)]));
  const ibsCbs = somarIbsCbs(itens);
  const vIS = itens.some((i) => i.is) ? soma(itens, (i) => i.is?.v_is).toFixed(2) : null;
  const comValores = itens.map((i, n) => valorItem(i, vItens[n]!));
  const comIbsCbs =
    ibsCbs?.tributado || ibsCbs?.mono
      ? {
          vItens: comValores.map((v) => v.toFixed(2)),
          vNFTot: comValores.reduce((s, v) => s.plus(v), zero).toFixed(2),
        }
      : null;
  return { icmsTot, vNF: icmsTot.vNF!, ibsCbs, vIS, itens: vItens.map((v) => v.toFixed(2)), comIbsCbs };
}

/**
 * vItem (VB01-10): the item's part of vNFTot, the members of vNF (W16) that the item carries plus its IBS, CBS, IS
 * and monophasic totals (vTotIBSMonoItem, vTotCBSMonoItem).
 */
function valorItem(i: NfeItem, vProd: Decimal): Decimal {
  const d = (v: string | undefined) => new Decimal(v ?? 0);
  const deduzido = i.icms.valores.ind_deduz_deson === '1' ? d(i.icms.valores.v_icms_deson) : zero;
  return vProd
    .minus(d(i.desconto))
    .minus(deduzido)
    .plus(d(i.icms.valores.v_icms_st))
    .plus(d(i.icms.valores.v_fcp_st))
    .plus(d(i.frete))
    .plus(d(i.seguro))
    .plus(d(i.outras_despesas))
    .plus(d(i.ii?.v_ii))
    .plus(d(i.ipi?.v_ipi))
    .plus(d(i.ibs_cbs?.v_ibs))
    .plus(d(i.ibs_cbs?.v_cbs))
    .plus(d(i.is?.v_is))
    .plus(d(i.ibs_cbs?.v_tot_ibs_mono_item))
    .plus(d(i.ibs_cbs?.v_tot_cbs_mono_item));
}

/** IBSCBSTot (NT 2025.002, W34): sums of the items' IBS/CBS, vIBS being state plus municipal. */
function somarIbsCbs(itens: NfeItem[]): TotaisIbsCbs | null {
  const com = itens.filter((i) => i.ibs_cbs);
  if (com.length === 0) return null;
  const s = (f: (i: NfeItem) => string | undefined) => soma(com, f).toFixed(2);
  return {
    vBCIBSCBS: s((i) => i.ibs_cbs!.v_bc),
    vIBSUF: s((i) => i.ibs_cbs!.v_ibs_uf),
    vIBSMun: s((i) => i.ibs_cbs!.v_ibs_mun),
    vIBS: s((i) => i.ibs_cbs!.v_ibs),
    vCBS: s((i) => i.ibs_cbs!.v_cbs),
    vDifIBSUF: s((i) => i.ibs_cbs!.v_dif_ibs_uf),
    vDifIBSMun: s((i) => i.ibs_cbs!.v_dif_ibs_mun),
    vDifCBS: s((i) => i.ibs_cbs!.v_dif_cbs),
    tributado: com.some((i) => i.ibs_cbs!.v_bc !== undefined),
    mono: com.some((i) => i.ibs_cbs!.v_tot_ibs_mono_item !== undefined)
      ? {
          vIBSMono: s((i) => i.ibs_cbs!.v_ibs_mono),
          vCBSMono: s((i) => i.ibs_cbs!.v_cbs_mono),
          vIBSMonoReten: s((i) => i.ibs_cbs!.v_ibs_mono_reten),
          vCBSMonoReten: s((i) => i.ibs_cbs!.v_cbs_mono_reten),
          vIBSMonoRet: s((i) => i.ibs_cbs!.v_ibs_mono_ret),
          vCBSMonoRet: s((i) => i.ibs_cbs!.v_cbs_mono_ret),
        }
      : null,
  };
}

/** The sum a `totais` member is checked against. */
export function totalSomado(s: SomaTotais, total: TotalInformado): string {
  const tag = TOTAIS_INFORMADOS[total];
  if (tag === 'vIBS' || tag === 'vCBS') return s.ibsCbs?.[tag] ?? '0.00';
  // The ICMSUFDest totals are written only when an item carries the group: without one they are zero.
  return s.icmsTot[tag] ?? '0.00';
}
