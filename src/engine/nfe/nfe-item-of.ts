import { Decimal } from 'decimal.js';
import { snakeName } from '../nucleo/validation-issues-of.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import type {
  NfeIbsCbs,
  NfeIcms,
  NfeIcmsUfDest,
  NfeIpi,
  NfeIs,
  NfeItem,
  NfePisCofins,
  NfePisCofinsSt,
} from './nfe-request.js';
import { totalMonoItem } from './check-ibs-cbs-mono.js';
import { IBS_CBS_MEMBROS, IS_MEMBROS, MONO_MEMBROS } from './ibs-cbs-membros.js';
import { IPI_NT, PIS_NT } from './refine-nfe-item.js';
import { isMembers, type Members } from './is-members.js';

const sent = (o: Members, key: string) => o[key] !== undefined && o[key] !== null;
const texto = (o: Members, key: string) => (typeof o[key] === 'string' ? (o[key] as string) : undefined);

/** An item the declaration and the ICMS check found no problem in, as the XML is built from it. */
export function nfeItemOf(it: Members, icms: NfeIcms, ajustes: NfeAjuste[], base: string): NfeItem {
  const grupo = (k: string) => (isMembers(it[k]) ? (it[k] as Members) : undefined);
  return {
    codigo: it.codigo as string,
    descricao: it.descricao as string,
    ncm: it.ncm as string,
    cfop: it.cfop as string,
    origem: it.origem as string,
    unidade: it.unidade as string,
    quantidade: it.quantidade as string,
    valor_unitario: it.valorUnitario as string,
    gtin: texto(it, 'gtin'),
    cest: texto(it, 'cest'),
    c_benef: texto(it, 'cBenef'),
    desconto: texto(it, 'desconto'),
    frete: texto(it, 'frete'),
    seguro: texto(it, 'seguro'),
    outras_despesas: texto(it, 'outrasDespesas'),
    icms,
    pis: pisCofinsOf(grupo('pis')!, 'pis'),
    cofins: pisCofinsOf(grupo('cofins')!, 'cofins'),
    ipi: grupo('ipi') && ipiOf(grupo('ipi')!),
    ii: grupo('ii') && {
      v_bc: texto(it.ii as Members, 'vBc')!,
      v_desp_adu: texto(it.ii as Members, 'vDespAdu')!,
      v_ii: texto(it.ii as Members, 'vIi')!,
      v_iof: texto(it.ii as Members, 'vIof')!,
    },
    pis_st: grupo('pisSt') && pisCofinsStOf(grupo('pisSt')!, 'pis'),
    cofins_st: grupo('cofinsSt') && pisCofinsStOf(grupo('cofinsSt')!, 'cofins'),
    icms_uf_dest: grupo('icmsUfDest') && icmsUfDestOf(grupo('icmsUfDest')!),
    ibs_cbs: grupo('ibsCbs') && ibsCbsOf(grupo('ibsCbs')!, `${base}/ibs_cbs`, ajustes),
    is: grupo('is') && isOf(grupo('is')!),
  };
}

/** A PIS or COFINS group: by base and rate, by quantity (CST 03 or its members sent), or without amounts. */
export function pisCofinsOf(g: Members, key: 'pis' | 'cofins'): NfePisCofins {
  const cst = g.cst as string;
  if (PIS_NT.includes(cst)) return { cst };
  const [taxa, valor] = key === 'pis' ? ['pPis', 'vPis'] : ['pCofins', 'vCofins'];
  const porQuantidade =
    ['03'].includes(cst) || (!['01', '02'].includes(cst) && (sent(g, 'qBcProd') || sent(g, 'vAliqProd')));
  return porQuantidade
    ? { cst, q_bc_prod: texto(g, 'qBcProd'), v_aliq_prod: texto(g, 'vAliqProd'), valor: texto(g, valor) }
    : { cst, v_bc: texto(g, 'vBc'), aliquota: texto(g, taxa), valor: texto(g, valor) };
}

/** An IPI group: by base and rate, by unit (its members sent), or without amounts. */
export function ipiOf(g: Members): NfeIpi {
  const [cEnq, cst] = [g.cEnq as string, g.cst as string];
  if (IPI_NT.includes(cst)) return { c_enq: cEnq, cst };
  return sent(g, 'qUnid') || sent(g, 'vUnid')
    ? { c_enq: cEnq, cst, q_unid: texto(g, 'qUnid'), v_unid: texto(g, 'vUnid'), v_ipi: texto(g, 'vIpi') }
    : { c_enq: cEnq, cst, v_bc: texto(g, 'vBc'), p_ipi: texto(g, 'pIpi'), v_ipi: texto(g, 'vIpi') };
}

function pisCofinsStOf(g: Members, tax: 'pis' | 'cofins'): NfePisCofinsSt {
  const [taxa, valor] = tax === 'pis' ? ['pPis', 'vPis'] : ['pCofins', 'vCofins'];
  return sent(g, 'qBcProd') || sent(g, 'vAliqProd')
    ? { q_bc_prod: texto(g, 'qBcProd'), v_aliq_prod: texto(g, 'vAliqProd'), valor: texto(g, valor)! }
    : { v_bc: texto(g, 'vBc'), aliquota: texto(g, taxa), valor: texto(g, valor)! };
}

function icmsUfDestOf(g: Members): NfeIcmsUfDest {
  return {
    v_bc_uf_dest: texto(g, 'vBcUfDest')!,
    v_bc_fcp_uf_dest: texto(g, 'vBcFcpUfDest'),
    p_fcp_uf_dest: texto(g, 'pFcpUfDest'),
    p_icms_uf_dest: texto(g, 'pIcmsUfDest')!,
    p_icms_inter: texto(g, 'pIcmsInter')!,
    p_icms_inter_part: texto(g, 'pIcmsInterPart')!,
    v_fcp_uf_dest: texto(g, 'vFcpUfDest'),
    v_icms_uf_dest: texto(g, 'vIcmsUfDest')!,
    v_icms_uf_remet: texto(g, 'vIcmsUfRemet')!,
  };
}

/**
 * The IBS/CBS group as sent: gIBSCBSMono when any of its members is (monoOf), else gIBSCBS when any of its members
 * is, with each optional group (gRed, gDif of each part, gTribRegular) that was sent. vIBS is the state part plus
 * the municipal part: derived when absent (nfe_ibs_soma_uf_municipio).
 */
function ibsCbsOf(g: Members, campo: string, ajustes: NfeAjuste[]): NfeIbsCbs {
  const out: NfeIbsCbs = { cst: g.cst as string, c_class_trib: g.cClassTrib as string };
  const copiar = (keys: readonly string[]) => {
    for (const k of keys) Object.assign(out, { [snakeName(k)]: texto(g, k) });
  };
  if (Object.values(MONO_MEMBROS).some((sub) => sub.some(([k]) => sent(g, k)))) return monoOf(g, out, campo, ajustes);
  const { gIBSCBS, gRed, gDif, gTribRegular } = IBS_CBS_MEMBROS;
  if (![...gIBSCBS, 'vIbs'].some((k) => sent(g, k))) return out;
  copiar(gIBSCBS);
  for (const grupo of [...gRed, ...gDif, gTribRegular]) if (grupo.some((k) => sent(g, k))) copiar(grupo);
  if (!sent(g, 'vIbs')) ajustes.push(nfeAjuste('nfe_ibs_soma_uf_municipio', `${campo}/v_ibs`));
  return { ...out, v_ibs: new Decimal(out.v_ibs_uf!).plus(out.v_ibs_mun!).toFixed(2) };
}

/**
 * gIBSCBSMono as sent: each subgroup sent (refineIbsCbs made it whole), and the item's totals, derived from the
 * subgroups when absent (nfe_ibs_cbs_mono_total_item).
 */
function monoOf(g: Members, out: NfeIbsCbs, campo: string, ajustes: NfeAjuste[]): NfeIbsCbs {
  for (const [k] of Object.values(MONO_MEMBROS).flat())
    if (sent(g, k)) Object.assign(out, { [snakeName(k)]: texto(g, k) });
  for (const t of ['ibs', 'cbs'] as const) {
    const k = `v_tot_${t}_mono_item` as const;
    if (out[k] !== undefined) continue;
    out[k] = totalMonoItem(out, t).toFixed(2);
    ajustes.push(nfeAjuste('nfe_ibs_cbs_mono_total_item', `${campo}/${k}`));
  }
  return out;
}

/** The Imposto Seletivo group as sent (refineImpostoSeletivo made it whole). */
function isOf(g: Members): NfeIs {
  return Object.fromEntries(IS_MEMBROS.map((k) => [snakeName(k), texto(g, k)!])) as unknown as NfeIs;
}
