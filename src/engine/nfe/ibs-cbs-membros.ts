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

/** The IS group's members, every one required. */
export const IS_MEMBROS = ['cstIs', 'cClassTribIs', 'vBcIs', 'pIs', 'vIs'] as const;
