import {
  checkIbsCbsGroups,
  type FalhaGrupoIbsCbs,
  type GruposIbsCbs,
  type ParteIbsCbs,
} from '../../engine/nfe/check-ibs-cbs-groups.js';
import { checkIbsCbsValues } from '../../engine/nfe/check-ibs-cbs-values.js';
import type { NfeIbsCbs } from '../../engine/nfe/nfe-request.js';
import { Coletor } from '../../engine/nucleo/coletor.js';

const dentro = (xml: string, tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? null;
const valor = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? '';

/**
 * The first NT 2025.002 rule an NFe's items break — the groups (checkIbsCbsGroups), then the rates and amounts
 * (checkIbsCbsValues), the rules the service applies before sending — read from each det's IBSCBS as an authoriser
 * reads the XML: the same cStat either way.
 */
export function rejeicaoIbsCbs(nfe: string): Pick<FalhaGrupoIbsCbs, 'cStat' | 'motivo'> | null {
  const dia = valor(nfe, 'dhEmi').slice(0, 10);
  for (const det of nfe.match(/<det nItem="\d+">[\s\S]*?<\/det>/g) ?? []) {
    const ibsCbs = dentro(det, 'IBSCBS');
    if (ibsCbs === null) continue;
    const falha = checkIbsCbsGroups(gruposDoXml(ibsCbs))[0];
    if (falha) return falha;
    // With the groups right, the amounts as the service checks them (check-ibs-cbs-values.ts), same codes.
    const c = new Coletor();
    checkIbsCbsValues(valoresDoXml(ibsCbs), '', dia, c);
    const valorErrado = c.issues.find((i) => i.codigo_oficial);
    if (valorErrado)
      return { cStat: valorErrado.codigo_oficial!, motivo: MOTIVOS_VALOR[valorErrado.codigo] ?? valorErrado.mensagem };
  }
  return null;
}

const MOTIVOS_VALOR: Record<string, string> = {
  aliquota_ibs_cbs_invalida: 'Alíquota do IBS/CBS inválida',
  valor_tributo_divergente: 'Valor do IBS/CBS difere do calculado',
};

/** gIBSCBS's amounts in the request's names, as check-ibs-cbs-values.ts reads them. */
function valoresDoXml(ibsCbs: string): NfeIbsCbs {
  const out: Record<string, string> = { cst: valor(ibsCbs, 'CST'), c_class_trib: valor(ibsCbs, 'cClassTrib') };
  const g = dentro(ibsCbs, 'gIBSCBS');
  if (!g) return out as unknown as NfeIbsCbs;
  out.v_bc = valor(g, 'vBC');
  for (const [parte, tag, p] of [
    ['ibs_uf', 'gIBSUF', 'pIBSUF'],
    ['ibs_mun', 'gIBSMun', 'pIBSMun'],
    ['cbs', 'gCBS', 'pCBS'],
  ] as const) {
    const x = dentro(g, tag) ?? '';
    out[`p_${parte}`] = valor(x, p);
    out[`v_${parte}`] = valor(x, `v${p.slice(1)}`);
    const red = dentro(x, 'gRed');
    if (red)
      Object.assign(out, {
        [`p_red_${parte}`]: valor(red, 'pRedAliq'),
        [`p_aliq_efet_${parte}`]: valor(red, 'pAliqEfet'),
      });
    const dif = dentro(x, 'gDif');
    if (dif) Object.assign(out, { [`p_dif_${parte}`]: valor(dif, 'pDif'), [`v_dif_${parte}`]: valor(dif, 'vDif') });
  }
  const r = dentro(g, 'gTribRegular');
  if (r)
    for (const [k, tag] of [
      ['p_aliq_efet_reg_ibs_uf', 'pAliqEfetRegIBSUF'],
      ['v_trib_reg_ibs_uf', 'vTribRegIBSUF'],
      ['p_aliq_efet_reg_ibs_mun', 'pAliqEfetRegIBSMun'],
      ['v_trib_reg_ibs_mun', 'vTribRegIBSMun'],
      ['p_aliq_efet_reg_cbs', 'pAliqEfetRegCBS'],
      ['v_trib_reg_cbs', 'vTribRegCBS'],
    ])
      out[k] = valor(r, tag);
  return out as unknown as NfeIbsCbs;
}

function gruposDoXml(ibsCbs: string): GruposIbsCbs {
  const g = dentro(ibsCbs, 'gIBSCBS');
  const partes: Record<ParteIbsCbs, string> = {
    ibs_uf: (g && dentro(g, 'gIBSUF')) ?? '',
    ibs_mun: (g && dentro(g, 'gIBSMun')) ?? '',
    cbs: (g && dentro(g, 'gCBS')) ?? '',
  };
  const com = (tag: string) =>
    Object.fromEntries(Object.entries(partes).map(([p, xml]) => [p, xml.includes(`<${tag}>`)])) as Record<
      ParteIbsCbs,
      boolean
    >;
  const regular = g && dentro(g, 'gTribRegular');
  return {
    cst: valor(ibsCbs, 'CST'),
    cClassTrib: valor(ibsCbs, 'cClassTrib'),
    gIBSCBS: g !== null,
    gIBSCBSMono: ibsCbs.includes('<gIBSCBSMono>'),
    gRed: com('gRed'),
    gDif: com('gDif'),
    gTribRegular: regular ? { cst: valor(regular, 'CSTReg'), cClassTrib: valor(regular, 'cClassTribReg') } : null,
  };
}
