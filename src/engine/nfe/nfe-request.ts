import type { IcmsCampo } from './icms-grupos.js';
import type { TotalInformado } from './sum-totais.js';

/**
 * The NF-e issuance request in `modo` `informado`, as validated. Money, quantities and rates are
 * decimal strings. The inner fields of the tax groups are the layout 4.00 tag names in snake_case
 * (`modBC` → `mod_bc`, `vBC` → `v_bc`, `pICMS` → `p_icms`), so an integrator maps them one to one from the
 * Manual de Orientação do Contribuinte.
 */
export type Presenca =
  'nao_se_aplica' | 'presencial' | 'internet' | 'teleatendimento' | 'entrega_domicilio' | 'presencial_fora' | 'outros';
export type Finalidade = 'normal' | 'complementar' | 'ajuste' | 'devolucao';
export type Contribuinte = 'contribuinte' | 'isento' | 'nao_contribuinte';

export interface NfeEndereco {
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
  /** IBGE code, seven digits. */
  municipio: string;
  cep?: string;
}

export interface NfeDestinatario {
  documento: string;
  tipo_documento: 'cpf' | 'cnpj';
  nome: string;
  contribuinte: Contribuinte;
  inscricao_estadual?: string;
  email?: string;
  endereco?: NfeEndereco;
}

/**
 * ICMS: `cst` (regular regime) or `csosn` (Simples Nacional, MEI) and the members of its layout group
 * (icms-grupos.ts), decimal strings as sent.
 */
export interface NfeIcms {
  /** Layout group: ICMS00 … ICMS90, ICMSPart, ICMSST, ICMSSN101 … ICMSSN900. */
  grupo: string;
  cst?: string;
  csosn?: string;
  valores: Partial<Record<IcmsCampo, string>>;
}

/**
 * PIS and COFINS share the layout shape: CST, then base × rate (`v_bc`, `p_pis`/`p_cofins`) or quantity × rate
 * per unit (`q_bc_prod`, `v_aliq_prod`), and the value (`v_pis`/`v_cofins`); the non-taxed CSTs carry the CST only.
 */
export interface NfePisCofins {
  cst: string;
  v_bc?: string;
  aliquota?: string;
  q_bc_prod?: string;
  v_aliq_prod?: string;
  valor?: string;
}

/** IPI (TIpi): IPITrib by base × rate or by units × value per unit, IPINT with the CST only. */
export interface NfeIpi {
  c_enq: string;
  cst: string;
  v_bc?: string;
  p_ipi?: string;
  q_unid?: string;
  v_unid?: string;
  v_ipi?: string;
}

/**
 * IBS and CBS already calculated by the caller (NT 2025.002, group UB): CST and cClassTrib, and when taxed the
 * gIBSCBS amounts. `v_ibs` is always the sum of the state and municipal parts (nfe_ibs_soma_uf_municipio).
 */
export interface NfeIbsCbs {
  cst: string;
  c_class_trib: string;
  v_bc?: string;
  p_ibs_uf?: string;
  v_ibs_uf?: string;
  p_ibs_mun?: string;
  v_ibs_mun?: string;
  v_ibs?: string;
  p_cbs?: string;
  v_cbs?: string;
  /**
   * gRed of each part, required by the cClassTrib of a reduced rate (CST 200 …): the reduction percentage and the
   * effective rate the value was computed with.
   */
  p_red_ibs_uf?: string;
  p_aliq_efet_ibs_uf?: string;
  p_red_ibs_mun?: string;
  p_aliq_efet_ibs_mun?: string;
  p_red_cbs?: string;
  p_aliq_efet_cbs?: string;
  /** gDif of each part (CST 510/515): the deferral percentage and the amount deferred. */
  p_dif_ibs_uf?: string;
  v_dif_ibs_uf?: string;
  p_dif_ibs_mun?: string;
  v_dif_ibs_mun?: string;
  p_dif_cbs?: string;
  v_dif_cbs?: string;
  /**
   * gTribRegular, required by a cClassTrib with regular taxation (550xxx, 200022, 200024): the CST and cClassTrib
   * that would apply if the condition failed, and each part's effective rate and value under them.
   */
  cst_reg?: string;
  c_class_trib_reg?: string;
  p_aliq_efet_reg_ibs_uf?: string;
  v_trib_reg_ibs_uf?: string;
  p_aliq_efet_reg_ibs_mun?: string;
  v_trib_reg_ibs_mun?: string;
  p_aliq_efet_reg_cbs?: string;
  v_trib_reg_cbs?: string;
  /**
   * gIBSCBSMono (CST 620), instead of gIBSCBS: each subgroup the cClassTrib asks for, whole. gMonoPadrao: the taxed
   * quantity, the ad rem rates (reais per unit) and the amounts; gMonoReten (withheld on the biofuel to be blended)
   * and gMonoRet (withheld before) alike; gMonoDif: the deferral percentage and amount of each tax.
   */
  q_bc_mono?: string;
  ad_rem_ibs?: string;
  ad_rem_cbs?: string;
  v_ibs_mono?: string;
  v_cbs_mono?: string;
  q_bc_mono_reten?: string;
  ad_rem_ibs_reten?: string;
  v_ibs_mono_reten?: string;
  ad_rem_cbs_reten?: string;
  v_cbs_mono_reten?: string;
  q_bc_mono_ret?: string;
  ad_rem_ibs_ret?: string;
  v_ibs_mono_ret?: string;
  ad_rem_cbs_ret?: string;
  v_cbs_mono_ret?: string;
  p_dif_ibs_mono?: string;
  v_ibs_mono_dif?: string;
  p_dif_cbs_mono?: string;
  v_cbs_mono_dif?: string;
  /**
   * The item's monophasic totals (UB104-10, UB105-10): vIBSMono + vIBSMonoReten − vIBSMonoDif, the CBS alike;
   * present exactly when the item carries gIBSCBSMono (derived when not sent: nfe_ibs_cbs_mono_total_item).
   */
  v_tot_ibs_mono_item?: string;
  v_tot_cbs_mono_item?: string;
}

/** Imposto Seletivo (group UB01 `IS`, from 2027): CST and cClassTribIS, base, ad valorem rate and value. */
export interface NfeIs {
  cst_is: string;
  c_class_trib_is: string;
  v_bc_is: string;
  p_is: string;
  v_is: string;
}

/** PISST / COFINSST (groups R, T): base × rate or quantity × value per unit, and the value. */
export interface NfePisCofinsSt {
  v_bc?: string;
  aliquota?: string;
  q_bc_prod?: string;
  v_aliq_prod?: string;
  valor: string;
}

/** II (group P, import tax): base, customs expenses, the tax and the IOF, all required by the layout. */
export interface NfeIi {
  v_bc: string;
  v_desp_adu: string;
  v_ii: string;
  v_iof: string;
}

/** ICMSUFDest (group NA): the ICMS of an interstate sale to a final consumer shared with the destination UF. */
export interface NfeIcmsUfDest {
  v_bc_uf_dest: string;
  v_bc_fcp_uf_dest?: string;
  p_fcp_uf_dest?: string;
  p_icms_uf_dest: string;
  /** 4.00, 7.00 or 12.00. */
  p_icms_inter: string;
  p_icms_inter_part: string;
  v_fcp_uf_dest?: string;
  v_icms_uf_dest: string;
  v_icms_uf_remet: string;
}

export interface NfeItem {
  codigo: string;
  descricao: string;
  ncm: string;
  cfop: string;
  origem: string;
  unidade: string;
  quantidade: string;
  valor_unitario: string;
  gtin?: string;
  cest?: string;
  /** The UF's tax-benefit code of the item (cBenef). */
  c_benef?: string;
  /** vDesc, vFrete, vSeg, vOutro of the item (prod). */
  desconto?: string;
  frete?: string;
  seguro?: string;
  outras_despesas?: string;
  icms: NfeIcms;
  pis: NfePisCofins;
  cofins: NfePisCofins;
  ipi?: NfeIpi;
  ii?: NfeIi;
  pis_st?: NfePisCofinsSt;
  cofins_st?: NfePisCofinsSt;
  icms_uf_dest?: NfeIcmsUfDest;
  ibs_cbs?: NfeIbsCbs;
  is?: NfeIs;
}

export type FormaPagamento = keyof typeof FORMAS_PAGAMENTO;

/** tPag of layout 4.00 by the names the API accepts. */
export const FORMAS_PAGAMENTO = {
  dinheiro: '01',
  cheque: '02',
  cartao_credito: '03',
  cartao_debito: '04',
  credito_loja: '05',
  vale_alimentacao: '10',
  vale_refeicao: '11',
  vale_presente: '12',
  vale_combustivel: '13',
  boleto: '15',
  deposito: '16',
  pix: '17',
  transferencia: '18',
  fidelidade: '19',
  pix_estatico: '20',
  sem_pagamento: '90',
  outros: '99',
} as const;

export interface NfePagamento {
  forma: FormaPagamento;
  valor: string;
  descricao?: string;
}

/** Totals the caller may send to have them checked against the sum of the items (sum-totais.ts). */
export type NfeTotais = Partial<Record<TotalInformado, string>>;

/** modFrete of layout 4.00 by the names the API accepts. */
export const MODALIDADES_FRETE = {
  remetente: '0',
  destinatario: '1',
  terceiros: '2',
  proprio_remetente: '3',
  proprio_destinatario: '4',
  sem_frete: '9',
} as const;
export type ModalidadeFrete = keyof typeof MODALIDADES_FRETE;

export interface NfeTransporte {
  modalidade: ModalidadeFrete;
}

export interface NfeRequest {
  modo: 'informado';
  empresa_id?: string;
  referencia?: string;
  natureza_operacao: string;
  presenca: Presenca;
  destinatario: NfeDestinatario;
  itens: NfeItem[];
  pagamentos: NfePagamento[];
  totais?: NfeTotais;
  transporte?: NfeTransporte;
  serie?: string;
  tipo_operacao: 'entrada' | 'saida';
  finalidade: Finalidade;
  chave_referenciada?: string;
  item_referenciado?: number;
  informacoes_adicionais?: string;
}

export const PRESENCA_IND: Record<Presenca, string> = {
  nao_se_aplica: '0',
  presencial: '1',
  internet: '2',
  teleatendimento: '3',
  entrega_domicilio: '4',
  presencial_fora: '5',
  outros: '9',
};
export const FINALIDADE_FIN: Record<Finalidade, string> = {
  normal: '1',
  complementar: '2',
  ajuste: '3',
  devolucao: '4',
};
