import { classificacaoIbsCbs } from '../tabelas/classificacao-ibs-cbs.js';
import type { DpsInput } from './nacional/dps-input.js';
import type { NfseIbsCbsParte, NfseView } from './nacional/read-nfse-xml.js';

export interface IbsCbsParteResumo {
  aliquota: string | null;
  reducao: string | null;
  aliquota_efetiva: string | null;
  valor: string | null;
}

/** A note's IBS/CBS as the panel shows it; the amounts are null until the national system computed them. */
export interface NfseIbsCbsResumo {
  cst: string;
  cst_descricao: string | null;
  c_class_trib: string;
  c_class_trib_descricao: string | null;
  indicador_operacao: string | null;
  localidade_incidencia: string | null;
  reducao_compra_governamental: string | null;
  base_calculo: string | null;
  ibs_uf: IbsCbsParteResumo;
  ibs_municipal: IbsCbsParteResumo;
  cbs: IbsCbsParteResumo;
  valor_ibs: string | null;
  valor_total_nota: string | null;
}

/**
 * The IBS/CBS of a note: the classification the DPS declared (CST, cClassTrib and cIndOp, with the official
 * table's names for the codes) and, from the authorised NFS-e's group IBSCBS, the base, rates, reductions and
 * amounts the national system computed (the DPS carries no IBS/CBS amount). Null for a DPS without the group.
 */
export function presentNfseIbsCbs(dps: DpsInput, view: Pick<NfseView, 'ibsCbs'> | null): NfseIbsCbsResumo | null {
  // A note of a municipality's own system stores its own request shape: without the national group, no IBS/CBS.
  const declarado = dps.IBSCBS;
  const g = declarado?.valores?.trib?.gIBSCBS;
  if (!declarado || !g) return null;
  const { CST, cClassTrib } = g;
  const classificacao = classificacaoIbsCbs(cClassTrib);
  const calculado = view?.ibsCbs;
  const parte = (p: NfseIbsCbsParte | undefined): IbsCbsParteResumo => ({
    aliquota: p?.aliquota ?? null,
    reducao: p?.reducao ?? null,
    aliquota_efetiva: p?.aliquotaEfetiva ?? null,
    valor: p?.valor ?? null,
  });
  return {
    cst: CST,
    cst_descricao: classificacao?.cst === CST ? classificacao.cstDescricao : null,
    c_class_trib: cClassTrib,
    c_class_trib_descricao: classificacao?.descricao ?? null,
    indicador_operacao: declarado.cIndOp || null,
    localidade_incidencia: calculado?.xLocalidadeIncid ?? null,
    reducao_compra_governamental: calculado?.pRedutor ?? null,
    base_calculo: calculado?.vBC ?? null,
    ibs_uf: parte(calculado?.ibsUf),
    ibs_municipal: parte(calculado?.ibsMun),
    cbs: parte(calculado?.cbs),
    valor_ibs: calculado?.vIBSTot ?? null,
    valor_total_nota: calculado?.vTotNF ?? null,
  };
}
