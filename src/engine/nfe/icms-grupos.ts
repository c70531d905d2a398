import { MOTIVOS_DESONERACAO, TODOS_MOTIVOS_DESONERACAO } from '../tributos/motivos-desoneracao.js';
import { ALIQUOTA, PERCENTUAL, PERCENTUAL_2, QUANTIDADE, VALOR, type FormatoDecimal } from './nfe-decimal.js';

/**
 * The ICMS groups of leiauteNFe_v4.00.xsd (ICMS00 … ICMSSN900), written once and read both by the validator
 * (which members each CST/CSOSN requires) and by the XML builder (their order). A member is the tag's snake_case
 * (`pMVAST` → `p_mva_st`); `name?` is an optional element; a nested list is an optional xs:sequence of the
 * layout: absent, or complete.
 */
export type Codigos = { valores: readonly string[] };
type Formato = FormatoDecimal | Codigos | RegExp;

const cod = (...valores: string[]): Codigos => ({ valores });
const UFS = cod(
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
  'EX',
);

export const ICMS_CAMPOS = {
  mod_bc: ['modBC', cod('0', '1', '2', '3')],
  p_red_bc: ['pRedBC', ALIQUOTA],
  c_benef_rbc: ['cBenefRBC', /^([!-ÿ]{8}|[!-ÿ]{10})$/],
  v_bc: ['vBC', VALOR],
  p_icms: ['pICMS', ALIQUOTA],
  v_icms_op: ['vICMSOp', VALOR],
  p_dif: ['pDif', PERCENTUAL],
  v_icms_dif: ['vICMSDif', VALOR],
  v_icms: ['vICMS', VALOR],
  v_bc_fcp: ['vBCFCP', VALOR],
  p_fcp: ['pFCP', ALIQUOTA],
  v_fcp: ['vFCP', VALOR],
  p_fcp_dif: ['pFCPDif', ALIQUOTA],
  v_fcp_dif: ['vFCPDif', VALOR],
  v_fcp_efet: ['vFCPEfet', VALOR],
  q_bc_mono: ['qBCMono', QUANTIDADE],
  ad_rem_icms: ['adRemICMS', ALIQUOTA],
  v_icms_mono_op: ['vICMSMonoOp', VALOR],
  v_icms_mono_dif: ['vICMSMonoDif', VALOR],
  v_icms_mono: ['vICMSMono', VALOR],
  q_bc_mono_dif: ['qBCMonoDif', QUANTIDADE],
  ad_rem_icms_dif: ['adRemICMSDif', ALIQUOTA],
  q_bc_mono_reten: ['qBCMonoReten', QUANTIDADE],
  ad_rem_icms_reten: ['adRemICMSReten', ALIQUOTA],
  v_icms_mono_reten: ['vICMSMonoReten', VALOR],
  p_red_ad_rem: ['pRedAdRem', PERCENTUAL_2],
  mot_red_ad_rem: ['motRedAdRem', cod('1', '9')],
  q_bc_mono_ret: ['qBCMonoRet', QUANTIDADE],
  ad_rem_icms_ret: ['adRemICMSRet', ALIQUOTA],
  v_icms_mono_ret: ['vICMSMonoRet', VALOR],
  mod_bc_st: ['modBCST', cod('0', '1', '2', '3', '4', '5', '6')],
  p_mva_st: ['pMVAST', ALIQUOTA],
  p_red_bc_st: ['pRedBCST', ALIQUOTA],
  v_bc_st: ['vBCST', VALOR],
  p_icms_st: ['pICMSST', ALIQUOTA],
  v_icms_st: ['vICMSST', VALOR],
  v_bc_fcp_st: ['vBCFCPST', VALOR],
  p_fcp_st: ['pFCPST', ALIQUOTA],
  v_fcp_st: ['vFCPST', VALOR],
  v_bc_st_ret: ['vBCSTRet', VALOR],
  p_st: ['pST', ALIQUOTA],
  v_icms_substituto: ['vICMSSubstituto', VALOR],
  v_icms_st_ret: ['vICMSSTRet', VALOR],
  v_bc_fcp_st_ret: ['vBCFCPSTRet', VALOR],
  p_fcp_st_ret: ['pFCPSTRet', ALIQUOTA],
  v_fcp_st_ret: ['vFCPSTRet', VALOR],
  v_bc_st_dest: ['vBCSTDest', VALOR],
  v_icms_st_dest: ['vICMSSTDest', VALOR],
  p_red_bc_efet: ['pRedBCEfet', ALIQUOTA],
  v_bc_efet: ['vBCEfet', VALOR],
  p_icms_efet: ['pICMSEfet', ALIQUOTA],
  v_icms_efet: ['vICMSEfet', VALOR],
  p_bc_op: ['pBCOp', ALIQUOTA],
  uf_st: ['UFST', UFS],
  v_icms_deson: ['vICMSDeson', VALOR],
  // The reasons each group accepts differ; the group narrows this list (IcmsGrupo.motivosDeson).
  mot_des_icms: ['motDesICMS', cod(...TODOS_MOTIVOS_DESONERACAO)],
  ind_deduz_deson: ['indDeduzDeson', cod('0', '1')],
  v_icms_st_deson: ['vICMSSTDeson', VALOR],
  mot_des_icms_st: ['motDesICMSST', cod('3', '9', '12')],
  p_cred_sn: ['pCredSN', ALIQUOTA],
  v_cred_icmssn: ['vCredICMSSN', VALOR],
} as const satisfies Record<string, readonly [string, Formato]>;

export type IcmsCampo = keyof typeof ICMS_CAMPOS;
export type IcmsParte = IcmsCampo | `${IcmsCampo}?` | readonly IcmsParte[];

export interface IcmsGrupo {
  tag: string;
  /** CST (regime normal) or CSOSN (Simples Nacional) values the group carries. */
  codigos: readonly string[];
  csosn: boolean;
  partes: readonly IcmsParte[];
  motivosDeson?: readonly string[];
}

const FCP = ['v_bc_fcp', 'p_fcp', 'v_fcp'] as const;
const FCP_ST = ['v_bc_fcp_st', 'p_fcp_st', 'v_fcp_st'] as const;
const ST = ['mod_bc_st', 'p_mva_st?', 'p_red_bc_st?', 'v_bc_st', 'p_icms_st', 'v_icms_st', FCP_ST] as const;
const DESON = ['v_icms_deson', 'mot_des_icms', 'ind_deduz_deson?'] as const;
const ST_DESON = ['v_icms_st_deson', 'mot_des_icms_st'] as const;
const ST_RET = ['v_bc_st_ret', 'p_st', 'v_icms_substituto?', 'v_icms_st_ret'] as const;
const FCP_ST_RET = ['v_bc_fcp_st_ret', 'p_fcp_st_ret', 'v_fcp_st_ret'] as const;
const EFETIVO = ['p_red_bc_efet', 'v_bc_efet', 'p_icms_efet', 'v_icms_efet'] as const;
const FCP_DIF = ['p_fcp_dif', 'v_fcp_dif', 'v_fcp_efet?'] as const;

export const ICMS_GRUPOS: readonly IcmsGrupo[] = [
  { tag: 'ICMS00', codigos: ['00'], csosn: false, partes: ['mod_bc', 'v_bc', 'p_icms', 'v_icms', ['p_fcp', 'v_fcp']] },
  { tag: 'ICMS02', codigos: ['02'], csosn: false, partes: ['q_bc_mono?', 'ad_rem_icms', 'v_icms_mono'] },
  {
    tag: 'ICMS10',
    codigos: ['10'],
    csosn: false,
    partes: ['mod_bc', 'v_bc', 'p_icms', 'v_icms', FCP, ...ST, ST_DESON],
  },
  {
    tag: 'ICMS15',
    codigos: ['15'],
    csosn: false,
    partes: [
      'q_bc_mono?',
      'ad_rem_icms',
      'v_icms_mono',
      'q_bc_mono_reten?',
      'ad_rem_icms_reten',
      'v_icms_mono_reten',
      ['p_red_ad_rem', 'mot_red_ad_rem'],
    ],
  },
  {
    tag: 'ICMS20',
    codigos: ['20'],
    csosn: false,
    partes: ['mod_bc', 'p_red_bc', 'v_bc', 'p_icms', 'v_icms', FCP, DESON],
    motivosDeson: MOTIVOS_DESONERACAO.ICMS20,
  },
  { tag: 'ICMS30', codigos: ['30'], csosn: false, partes: [...ST, DESON], motivosDeson: MOTIVOS_DESONERACAO.ICMS30 },
  {
    tag: 'ICMS40',
    codigos: ['40', '41', '50'],
    csosn: false,
    partes: [DESON],
    motivosDeson: MOTIVOS_DESONERACAO.ICMS40,
  },
  {
    tag: 'ICMS51',
    codigos: ['51'],
    csosn: false,
    partes: [
      'mod_bc?',
      'p_red_bc?',
      'c_benef_rbc?',
      'v_bc?',
      'p_icms?',
      'v_icms_op?',
      'p_dif?',
      'v_icms_dif?',
      'v_icms?',
      FCP,
      FCP_DIF,
    ],
  },
  {
    tag: 'ICMS53',
    codigos: ['53'],
    csosn: false,
    partes: [
      'q_bc_mono?',
      'ad_rem_icms?',
      'v_icms_mono_op?',
      'p_dif?',
      'v_icms_mono_dif?',
      'v_icms_mono?',
      'q_bc_mono_dif?',
      'ad_rem_icms_dif?',
    ],
  },
  { tag: 'ICMS60', codigos: ['60'], csosn: false, partes: [ST_RET, FCP_ST_RET, EFETIVO] },
  { tag: 'ICMS61', codigos: ['61'], csosn: false, partes: ['q_bc_mono_ret?', 'ad_rem_icms_ret', 'v_icms_mono_ret'] },
  {
    tag: 'ICMS70',
    codigos: ['70'],
    csosn: false,
    partes: ['mod_bc', 'p_red_bc', 'v_bc', 'p_icms', 'v_icms', FCP, ...ST, DESON, ST_DESON],
    motivosDeson: MOTIVOS_DESONERACAO.ICMS70,
  },
  {
    tag: 'ICMS90',
    codigos: ['90'],
    csosn: false,
    partes: [
      [
        'mod_bc',
        'v_bc',
        'p_red_bc?',
        'c_benef_rbc?',
        'p_icms',
        ['v_icms_op', 'p_dif', 'v_icms_dif'],
        'v_icms',
        FCP,
        FCP_DIF,
      ],
      ST,
      DESON,
      ST_DESON,
    ],
    motivosDeson: MOTIVOS_DESONERACAO.ICMS90,
  },
  // ICMSPart (interstate sharing) and ICMSST (ST passed on) reuse CSTs of other groups: uf_st and
  // v_bc_st_dest, required only in them, select them (grupoIcms).
  {
    tag: 'ICMSPart',
    codigos: ['10', '20', '90'],
    csosn: false,
    partes: ['mod_bc', 'v_bc', 'p_red_bc?', 'p_icms', 'v_icms', ...ST, 'p_bc_op', 'uf_st', DESON],
    motivosDeson: MOTIVOS_DESONERACAO.ICMSPart,
  },
  {
    tag: 'ICMSST',
    codigos: ['41', '60'],
    csosn: false,
    partes: [
      'v_bc_st_ret',
      'p_st?',
      'v_icms_substituto?',
      'v_icms_st_ret',
      FCP_ST_RET,
      'v_bc_st_dest',
      'v_icms_st_dest',
      EFETIVO,
    ],
  },
  { tag: 'ICMSSN101', codigos: ['101'], csosn: true, partes: ['p_cred_sn', 'v_cred_icmssn'] },
  { tag: 'ICMSSN102', codigos: ['102', '103', '300', '400'], csosn: true, partes: [] },
  { tag: 'ICMSSN201', codigos: ['201'], csosn: true, partes: [...ST, 'p_cred_sn', 'v_cred_icmssn'] },
  { tag: 'ICMSSN202', codigos: ['202', '203'], csosn: true, partes: [...ST] },
  { tag: 'ICMSSN500', codigos: ['500'], csosn: true, partes: [ST_RET, FCP_ST_RET, EFETIVO] },
  {
    tag: 'ICMSSN900',
    codigos: ['900'],
    csosn: true,
    partes: [['mod_bc', 'v_bc', 'p_red_bc?', 'p_icms', 'v_icms'], ST, ['p_cred_sn', 'v_cred_icmssn']],
  },
];

/** The group of a CST/CSOSN; the members sent tell ICMSPart and ICMSST from the groups sharing their CST. */
export function grupoIcms(
  codigo: string,
  csosn: boolean,
  enviados: (campo: IcmsCampo) => boolean,
): IcmsGrupo | undefined {
  if (!csosn && ['10', '20', '90'].includes(codigo) && (enviados('uf_st') || enviados('p_bc_op')))
    return porTag('ICMSPart');
  if (!csosn && ['41', '60'].includes(codigo) && enviados('v_bc_st_dest')) return porTag('ICMSST');
  return ICMS_GRUPOS.find(
    (g) => g.csosn === csosn && g.codigos.includes(codigo) && g.tag !== 'ICMSPart' && g.tag !== 'ICMSST',
  );
}

const porTag = (tag: string) => ICMS_GRUPOS.find((g) => g.tag === tag);

/** Every member a group can carry, in layout order. */
export function camposDe(partes: readonly IcmsParte[]): IcmsCampo[] {
  return partes.flatMap((p) => (typeof p === 'string' ? [p.replace('?', '') as IcmsCampo] : camposDe(p)));
}

export const CODIGOS_CST = [...new Set(ICMS_GRUPOS.filter((g) => !g.csosn).flatMap((g) => g.codigos))];
export const CODIGOS_CSOSN = ICMS_GRUPOS.filter((g) => g.csosn).flatMap((g) => g.codigos);
