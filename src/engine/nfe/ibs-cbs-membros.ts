/**
 * The IBS/CBS and IS members of an item (camelCase, as the body is read), grouped as the layout's groups: each
 * optional group is sent whole or not at all.
 */
export const IBS_CBS_MEMBROS = {
  /** gIBSCBS: base, and rate and value of each part. */
  gIBSCBS: ['vBc', 'pIbsUf', 'vIbsUf', 'pIbsMun', 'vIbsMun', 'pCbs', 'vCbs'],
  /** gRed of each part (pRedAliq, pAliqEfet). */
  gRed: [
    ['pRedIbsUf', 'pAliqEfetIbsUf'],
    ['pRedIbsMun', 'pAliqEfetIbsMun'],
    ['pRedCbs', 'pAliqEfetCbs'],
  ],
  /** gDif of each part (pDif, vDif). */
  gDif: [
    ['pDifIbsUf', 'vDifIbsUf'],
    ['pDifIbsMun', 'vDifIbsMun'],
    ['pDifCbs', 'vDifCbs'],
  ],
  gTribRegular: [
    'cstReg',
    'cClassTribReg',
    'pAliqEfetRegIbsUf',
    'vTribRegIbsUf',
    'pAliqEfetRegIbsMun',
    'vTribRegIbsMun',
    'pAliqEfetRegCbs',
    'vTribRegCbs',
  ],
} as const;

/** The subgroups of gIBSCBSMono (CST 620), each sent whole. */
export type SubgrupoMono = 'gMonoPadrao' | 'gMonoReten' | 'gMonoRet' | 'gMonoDif';

/**
 * gIBSCBSMono's members as [request member (camelCase), layout tag], each subgroup in the layout's order (TMonofasia):
 * the quantity, the ad rem rates per unit and the amounts of the standard, withheld and previously withheld
 * taxation, the deferral, then the item's totals.
 */
export const MONO_MEMBROS: Record<SubgrupoMono, ReadonlyArray<readonly [string, string]>> & {
  totais: ReadonlyArray<readonly [string, string]>;
} = {
  gMonoPadrao: [
    ['qBcMono', 'qBCMono'],
    ['adRemIbs', 'adRemIBS'],
    ['adRemCbs', 'adRemCBS'],
    ['vIbsMono', 'vIBSMono'],
    ['vCbsMono', 'vCBSMono'],
  ],
  gMonoReten: [
    ['qBcMonoReten', 'qBCMonoReten'],
    ['adRemIbsReten', 'adRemIBSReten'],
    ['vIbsMonoReten', 'vIBSMonoReten'],
    ['adRemCbsReten', 'adRemCBSReten'],
    ['vCbsMonoReten', 'vCBSMonoReten'],
  ],
  gMonoRet: [
    ['qBcMonoRet', 'qBCMonoRet'],
    ['adRemIbsRet', 'adRemIBSRet'],
    ['vIbsMonoRet', 'vIBSMonoRet'],
    ['adRemCbsRet', 'adRemCBSRet'],
    ['vCbsMonoRet', 'vCBSMonoRet'],
  ],
  gMonoDif: [
    ['pDifIbsMono', 'pDifIBS'],
    ['vIbsMonoDif', 'vIBSMonoDif'],
    ['pDifCbsMono', 'pDifCBS'],
    ['vCbsMonoDif', 'vCBSMonoDif'],
  ],
  totais: [
    ['vTotIbsMonoItem', 'vTotIBSMonoItem'],
    ['vTotCbsMonoItem', 'vTotCBSMonoItem'],
  ],
};

/** The IS group's members, every one required. */
export const IS_MEMBROS = ['cstIs', 'cClassTribIs', 'vBcIs', 'pIs', 'vIs'] as const;
