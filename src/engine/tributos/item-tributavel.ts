/** The company's tax regime, as registered (`regime_tributario`). */
export type RegimeTributario = 'simples_nacional' | 'mei' | 'lucro_presumido' | 'lucro_real';

/** Operations whose taxes the engine computes (the `operacao` values of `calcular`). */
export type OperacaoCalculada = 'venda' | 'venda_consumidor_final' | 'bonificacao';

/** Facts of the note that decide the rules of every item. */
export interface OperacaoTributavel {
  operacao: OperacaoCalculada;
  regime: RegimeTributario;
  ufEmitente: string;
  /** The recipient's UF; the issuer's when the recipient has no address (internal operation). */
  ufDestinatario: string;
  contribuinte: 'contribuinte' | 'isento' | 'nao_contribuinte';
  /** Issue date in Brasília, AAAA-MM-DD: the day the tables and rates are read for. */
  dia: string;
}

/** A group's default of the product's tax profile (`tributacao`): CST or CSOSN and a rate, percent. */
export interface PerfilGrupo {
  cst?: string;
  csosn?: string;
  aliquota?: string;
}

/**
 * The ICMS of the profile: CST or CSOSN, the rate, and the members the CST's group takes (percent): base reduction
 * (pRedBC), ICMS-ST margin (pMVAST), rate (pICMSST) and base reduction (pRedBCST), FCP and FCP-ST, the deferred share
 * (pDif), the benefit code (cBenef), the DIFAL method (metodoDifal, where the destination's is not settled) and the
 * relief's reason and deduction (motDesICMS, indDeduzDeson). What the computation receives is the profile with the company's rules already
 * merged over it, member by member.
 */
export interface PerfilIcms extends PerfilGrupo {
  reducaoBc?: string;
  mva?: string;
  aliquotaSt?: string;
  reducaoBcSt?: string;
  fcp?: string;
  fcpSt?: string;
  diferimento?: string;
  cBenef?: string;
  metodoDifal?: 'base_unica' | 'base_dupla';
  motivoDesoneracao?: string;
  deduzDesoneracao?: boolean;
}

/**
 * The product's tax profile (`tributacao` of the catalogue): CFOP, ICMS (CST/CSOSN; a rate replaces the UF's modal
 * rate for goods with a rate of their own), IPI (present only for an IPI taxpayer; `cEnq`, `ex` of the TIPI),
 * PIS/COFINS (CST; a rate replaces the regime's), the IBS/CBS classification and the Imposto Seletivo's. Members are named as the catalogue
 * stores them (camelCase of the product body).
 */
export interface PerfilTributario {
  cfop?: string;
  icms?: PerfilIcms;
  ipi?: PerfilGrupo & { cEnq?: string; ex?: string };
  pis?: PerfilGrupo;
  cofins?: PerfilGrupo;
  /**
   * IBS/CBS classification; `pDif` is the deferral percentage of a CST 510/515 code (the table has none),
   * `cClassTribReg` the classification of the regular taxation a suspended code (gTribRegular) reports, and `mono`
   * the quantities and ad rem rates of an informed monophasic item (never of the catalogue's profile).
   */
  ibsCbs?: { cst?: string; cClassTrib?: string; pDif?: string; cClassTribReg?: string; mono?: MonofasiaInformada };
  /** Imposto Seletivo (from 2027): CST and cClassTribIS of the IS table, and the ad valorem rate, percent. */
  is?: { cst?: string; cClassTrib?: string; aliquota?: string };
}

/**
 * The quantities and ad rem rates (reais per unit) of an informed monophasic item, by the request's member names
 * (q_bc_mono, ad_rem_ibs, ad_rem_cbs, and the same with _reten and _ret): the official data has no ad rem rate,
 * so only `conferir` of an item that sent them recomputes a monophasic group.
 */
export type MonofasiaInformada = Partial<Record<string, string>>;

/** An item as the engine sees it: the product's codes, the amounts of the line and its tax profile. */
export interface ItemTributavel {
  ncm: string;
  origem: string;
  cest?: string;
  quantidade: string;
  valorUnitario: string;
  desconto?: string;
  frete?: string;
  seguro?: string;
  outras?: string;
  perfil: PerfilTributario;
}
