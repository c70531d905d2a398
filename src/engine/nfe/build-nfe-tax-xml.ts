import { el, group } from '../xml/el.js';
import {
  ALIQUOTA,
  PERCENTUAL,
  QUANTIDADE,
  QUANTIDADE_12,
  VALOR,
  VALOR_UNIDADE,
  decimalXml,
  type FormatoDecimal,
} from './nfe-decimal.js';
import { ICMS_CAMPOS, ICMS_GRUPOS, camposDe } from './icms-grupos.js';
import { MONO_MEMBROS } from './ibs-cbs-membros.js';
import { snakeName } from '../nucleo/validation-issues-of.js';
import type {
  NfeIbsCbs,
  NfeIcms,
  NfeIcmsUfDest,
  NfeIi,
  NfeIpi,
  NfeIs,
  NfePisCofins,
  NfePisCofinsSt,
} from './nfe-request.js';
import type { TotaisIbsCbs } from './sum-totais.js';

/** Decimal element in its layout format, or '' when absent. */
const dec = (tag: string, v: string | undefined, f: FormatoDecimal) =>
  el(tag, v === undefined ? undefined : decimalXml(v, f));

/** `<ICMS><ICMSxx>`: orig, CST/CSOSN, then the members sent in the group's layout order (icms-grupos.ts). */
export function icmsXml(icms: NfeIcms, orig: string): string {
  const grupo = ICMS_GRUPOS.find((g) => g.tag === icms.grupo)!;
  const membros = camposDe(grupo.partes).map((k) => {
    const [tag, formato] = ICMS_CAMPOS[k];
    const v = icms.valores[k];
    return 'inteiros' in formato ? dec(tag, v, formato) : el(tag, v);
  });
  const codigo = icms.csosn !== undefined ? el('CSOSN', icms.csosn) : el('CST', icms.cst);
  return group('ICMS', group(grupo.tag, el('orig', orig), codigo, ...membros));
}

export function ipiXml(ipi: NfeIpi | undefined): string {
  if (!ipi) return '';
  const inner =
    ipi.v_ipi === undefined
      ? group('IPINT', el('CST', ipi.cst))
      : group(
          'IPITrib',
          el('CST', ipi.cst),
          dec('vBC', ipi.v_bc, VALOR),
          dec('pIPI', ipi.p_ipi, ALIQUOTA),
          dec('qUnid', ipi.q_unid, QUANTIDADE_12),
          dec('vUnid', ipi.v_unid, VALOR_UNIDADE),
          dec('vIPI', ipi.v_ipi, VALOR),
        );
  return group('IPI', el('cEnq', ipi.c_enq), inner);
}

/** `<II>` (after IPI), or '' when the item has none. */
export function iiXml(ii: NfeIi | undefined): string {
  if (!ii) return '';
  return group(
    'II',
    dec('vBC', ii.v_bc, VALOR),
    dec('vDespAdu', ii.v_desp_adu, VALOR),
    dec('vII', ii.v_ii, VALOR),
    dec('vIOF', ii.v_iof, VALOR),
  );
}

export function pisCofinsXml(tax: 'PIS' | 'COFINS', g: NfePisCofins): string {
  if (g.valor === undefined) return group(tax, group(`${tax}NT`, el('CST', g.cst)));
  const kind = g.cst === '01' || g.cst === '02' ? 'Aliq' : g.cst === '03' ? 'Qtde' : 'Outr';
  return group(
    tax,
    group(
      `${tax}${kind}`,
      el('CST', g.cst),
      dec('vBC', g.v_bc, VALOR),
      dec(`p${tax}`, g.aliquota, ALIQUOTA),
      dec('qBCProd', g.q_bc_prod, QUANTIDADE_12),
      dec('vAliqProd', g.v_aliq_prod, QUANTIDADE),
      dec(`v${tax}`, g.valor, VALOR),
    ),
  );
}

/** `<PISST>` / `<COFINSST>` (after PIS / COFINS), or '' when the item has none. */
export function pisCofinsStXml(tax: 'PIS' | 'COFINS', g: NfePisCofinsSt | undefined): string {
  if (!g) return '';
  return group(
    `${tax}ST`,
    dec('vBC', g.v_bc, VALOR),
    dec(`p${tax}`, g.aliquota, ALIQUOTA),
    dec('qBCProd', g.q_bc_prod, VALOR_UNIDADE),
    dec('vAliqProd', g.v_aliq_prod, VALOR_UNIDADE),
    dec(`v${tax}`, g.valor, VALOR),
  );
}

/** `<ICMSUFDest>` in the layout order, or '' when the item has none. */
export function icmsUfDestXml(g: NfeIcmsUfDest | undefined): string {
  if (!g) return '';
  return group(
    'ICMSUFDest',
    dec('vBCUFDest', g.v_bc_uf_dest, VALOR),
    dec('vBCFCPUFDest', g.v_bc_fcp_uf_dest, VALOR),
    dec('pFCPUFDest', g.p_fcp_uf_dest, ALIQUOTA),
    dec('pICMSUFDest', g.p_icms_uf_dest, ALIQUOTA),
    el('pICMSInter', g.p_icms_inter),
    dec('pICMSInterPart', g.p_icms_inter_part, ALIQUOTA),
    dec('vFCPUFDest', g.v_fcp_uf_dest, VALOR),
    dec('vICMSUFDest', g.v_icms_uf_dest, VALOR),
    dec('vICMSUFRemet', g.v_icms_uf_remet, VALOR),
  );
}

type Parte = 'ibs_uf' | 'ibs_mun' | 'cbs';

/** `<gIBSUF>`, `<gIBSMun>`, `<gCBS>`: the rate, then gDif and gRed when sent (TCIBS order), then the value. */
function parteXml(tag: string, p: string, g: NfeIbsCbs, parte: Parte): string {
  const k = (prefixo: string) => g[`${prefixo}_${parte}` as keyof NfeIbsCbs];
  const gDif =
    k('p_dif') === undefined ? '' : group('gDif', dec('pDif', k('p_dif'), ALIQUOTA), dec('vDif', k('v_dif'), VALOR));
  const gRed =
    k('p_red') === undefined
      ? ''
      : group('gRed', dec('pRedAliq', k('p_red'), ALIQUOTA), dec('pAliqEfet', k('p_aliq_efet'), ALIQUOTA));
  return group(tag, dec(p, k('p'), ALIQUOTA), gDif, gRed, dec(`v${p.slice(1)}`, k('v'), VALOR));
}

/** `<gTribRegular>` (after gCBS), when the cClassTrib asks for it. */
function tribRegularXml(g: NfeIbsCbs): string {
  if (g.cst_reg === undefined) return '';
  return group(
    'gTribRegular',
    el('CSTReg', g.cst_reg),
    el('cClassTribReg', g.c_class_trib_reg),
    dec('pAliqEfetRegIBSUF', g.p_aliq_efet_reg_ibs_uf, ALIQUOTA),
    dec('vTribRegIBSUF', g.v_trib_reg_ibs_uf, VALOR),
    dec('pAliqEfetRegIBSMun', g.p_aliq_efet_reg_ibs_mun, ALIQUOTA),
    dec('vTribRegIBSMun', g.v_trib_reg_ibs_mun, VALOR),
    dec('pAliqEfetRegCBS', g.p_aliq_efet_reg_cbs, ALIQUOTA),
    dec('vTribRegCBS', g.v_trib_reg_cbs, VALOR),
  );
}

/** A member of gIBSCBSMono in its layout format: quantities with 4 decimals, rates, percentages, money. */
function monoMembroXml(g: NfeIbsCbs, k: string, tag: string): string {
  const nome = snakeName(k);
  const formato = nome.startsWith('q_')
    ? VALOR_UNIDADE
    : nome.startsWith('ad_rem')
      ? ALIQUOTA
      : nome.startsWith('p_dif')
        ? PERCENTUAL
        : VALOR;
  return dec(tag, g[nome as keyof NfeIbsCbs], formato);
}

/**
 * `<gIBSCBSMono>` (TMonofasia, CST 620): the subgroups sent (gMonoPadrao, gMonoReten, gMonoRet, gMonoDif) in the
 * layout's order, then the item's totals vTotIBSMonoItem and vTotCBSMonoItem.
 */
function monoXml(g: NfeIbsCbs): string {
  const { totais, ...subgrupos } = MONO_MEMBROS;
  const grupos = Object.entries(subgrupos).map(([tag, membros]) =>
    g[snakeName(membros[0]![0]) as keyof NfeIbsCbs] === undefined
      ? ''
      : group(tag, ...membros.map(([k, t]) => monoMembroXml(g, k, t))),
  );
  return group('gIBSCBSMono', ...grupos, ...totais.map(([k, t]) => monoMembroXml(g, k, t)));
}

/**
 * `<IBSCBS>` (TTribNFe): CST, cClassTrib and, when taxed, gIBSCBS with the state, municipal and federal parts
 * (each with its deferral and reduction) and the regular taxation; or, for a monophasic code, gIBSCBSMono.
 */
export function ibsCbsXml(g: NfeIbsCbs | undefined): string {
  if (!g) return '';
  if (g.v_tot_ibs_mono_item !== undefined)
    return group('IBSCBS', el('CST', g.cst), el('cClassTrib', g.c_class_trib), monoXml(g));
  const gIbsCbs =
    g.v_bc === undefined
      ? ''
      : group(
          'gIBSCBS',
          dec('vBC', g.v_bc, VALOR),
          parteXml('gIBSUF', 'pIBSUF', g, 'ibs_uf'),
          parteXml('gIBSMun', 'pIBSMun', g, 'ibs_mun'),
          dec('vIBS', g.v_ibs, VALOR),
          parteXml('gCBS', 'pCBS', g, 'cbs'),
          tribRegularXml(g),
        );
  return group('IBSCBS', el('CST', g.cst), el('cClassTrib', g.c_class_trib), gIbsCbs);
}

/** `<IS>` (TIS, before IBSCBS), ad valorem, or '' when the item has none. */
export function isXml(g: NfeIs | undefined): string {
  if (!g) return '';
  return group(
    'IS',
    el('CSTIS', g.cst_is),
    el('cClassTribIS', g.c_class_trib_is),
    dec('vBCIS', g.v_bc_is, VALOR),
    dec('pIS', g.p_is, ALIQUOTA),
    dec('vIS', g.v_is, VALOR),
  );
}

/** `<ISTot>` (before IBSCBSTot), or '' when no item has the IS. */
export function isTotXml(vIS: string | null): string {
  return vIS === null ? '' : group('ISTot', el('vIS', vIS));
}

/** `<IBSCBSTot>`: the items' sums, gMono when an item is monophasic; returned tax and presumed credit are not accepted yet, so they total zero. */
export function ibsCbsTotXml(t: TotaisIbsCbs | null): string {
  if (!t) return '';
  const zero = (vDif: string) => el('vDif', vDif) + el('vDevTrib', '0.00');
  const gIbs = group(
    'gIBS',
    group('gIBSUF', zero(t.vDifIBSUF), el('vIBSUF', t.vIBSUF)),
    group('gIBSMun', zero(t.vDifIBSMun), el('vIBSMun', t.vIBSMun)),
    el('vIBS', t.vIBS),
    el('vCredPres', '0.00'),
    el('vCredPresCondSus', '0.00'),
  );
  const gCbs = group(
    'gCBS',
    zero(t.vDifCBS),
    el('vCBS', t.vCBS),
    el('vCredPres', '0.00'),
    el('vCredPresCondSus', '0.00'),
  );
  const gMono =
    t.mono &&
    group(
      'gMono',
      el('vIBSMono', t.mono.vIBSMono),
      el('vCBSMono', t.mono.vCBSMono),
      el('vIBSMonoReten', t.mono.vIBSMonoReten),
      el('vCBSMonoReten', t.mono.vCBSMonoReten),
      el('vIBSMonoRet', t.mono.vIBSMonoRet),
      el('vCBSMonoRet', t.mono.vCBSMonoRet),
    );
  return group('IBSCBSTot', el('vBCIBSCBS', t.vBCIBSCBS), t.tributado ? gIbs + gCbs : '', gMono || '');
}
