import { Decimal } from 'decimal.js';
import { baseIbsCbs, computeIbsCbs } from '../tributos/compute-ibs-cbs.js';
import { computeImpostoSeletivo } from '../tributos/compute-imposto-seletivo.js';
import type { ItemTributavel, OperacaoTributavel } from '../tributos/item-tributavel.js';
import type { RegraTributaria } from '../tributos/regra-tributaria.js';
import { valoresDaLinha } from '../tributos/valores-da-linha.js';
import type { NfeItem } from './nfe-request.js';

/** The IBS/CBS and IS an item should carry, recomputed, and how each value was reached. */
export interface IbsCbsRecalculado {
  ibs_cbs: Record<string, string>;
  is?: Record<string, string>;
  regras: RegraTributaria[];
}

/**
 * The IBS/CBS (and IS) of an informed item that is not a catalogue product, recomputed as `calcular` would: the
 * classification is the item's own (CST, cClassTrib, the deferral percentage and the regular classification it
 * sent; the quantities and ad rem rates of a monophasic item; the IS classification and rate it sent), and the amounts the base leaves out are the item's own PIS,
 * COFINS, ICMS, FCP and DIFAL, whose arithmetic the body's rules already checked. Throws ForaDeCobertura as
 * computeIbsCbs does.
 */
export function recomputeIbsCbs(item: NfeItem, op: OperacaoTributavel): IbsCbsRecalculado | null {
  const g = item.ibs_cbs;
  if (!g) return null;
  const tributavel: ItemTributavel = {
    ncm: item.ncm,
    origem: item.origem,
    quantidade: item.quantidade,
    valorUnitario: item.valor_unitario,
    desconto: item.desconto,
    frete: item.frete,
    seguro: item.seguro,
    outras: item.outras_despesas,
    perfil: {
      ibsCbs: {
        cst: g.cst,
        cClassTrib: g.c_class_trib,
        pDif: g.p_dif_cbs ?? g.p_dif_ibs_uf ?? g.p_dif_ibs_mun,
        cClassTribReg: g.c_class_trib_reg,
        mono: Object.fromEntries(Object.entries(g).filter(([k]) => /^(q_bc_mono|ad_rem_)/.test(k))),
      },
      ...(item.is ? { is: { cst: item.is.cst_is, cClassTrib: item.is.c_class_trib_is, aliquota: item.is.p_is } } : {}),
    },
  };
  const d = (v: string | undefined) => new Decimal(v ?? 0);
  const v = item.icms.valores;
  const foraDaBase = {
    operacao: valoresDaLinha(tributavel).operacao,
    vPis: d(item.pis.valor),
    vCofins: d(item.cofins.valor),
    vIcms: d(v.v_icms),
    vFcp: d(v.v_fcp),
    vIcmsUfDest: d(item.icms_uf_dest?.v_icms_uf_dest),
    vFcpUfDest: d(item.icms_uf_dest?.v_fcp_uf_dest),
  };
  const regras: RegraTributaria[] = [];
  const is = computeImpostoSeletivo(tributavel, op, baseIbsCbs(foraDaBase), regras);
  const ibsCbs = computeIbsCbs(tributavel, op, { ...foraDaBase, vIs: is?.vIs }, regras);
  return { ibs_cbs: ibsCbs, ...(is ? { is: is.grupo } : {}), regras };
}
