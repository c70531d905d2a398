import { Decimal } from 'decimal.js';
import {
  checkIbsCbsGroups,
  type FalhaGrupoIbsCbs,
  type GruposIbsCbs,
  type ParteIbsCbs,
} from '../../engine/nfe/check-ibs-cbs-groups.js';
import { checkIbsCbsMono } from '../../engine/nfe/check-ibs-cbs-mono.js';
import { checkIbsCbsValues } from '../../engine/nfe/check-ibs-cbs-values.js';
import { MONO_MEMBROS, type SubgrupoMono } from '../../engine/nfe/ibs-cbs-membros.js';
import type { NfeIbsCbs } from '../../engine/nfe/nfe-request.js';
import { Coletor } from '../../engine/nucleo/coletor.js';
import { snakeName } from '../../engine/nucleo/validation-issues-of.js';

const dentro = (xml: string, tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? null;
const valor = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? '';

/**
 * The first NT 2025.002 rule an NFe's items break — the groups (checkIbsCbsGroups), then the rates and amounts
 * (checkIbsCbsValues, checkIbsCbsMono), the rules the service applies before sending — read from each det's IBSCBS
 * as an authoriser reads the XML: the same cStat either way; then the monophasic totals (W58-10 … W59d-10).
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
    const valores = valoresDoXml(ibsCbs);
    checkIbsCbsValues(valores, '', dia, c);
    if (ibsCbs.includes('<gIBSCBSMono>')) checkIbsCbsMono(valores, '', c);
    // Only the rules with an authoriser's code: the service's own checks (quantity × ad rem) carry none.
    const valorErrado = c.issues.find((i) => i.codigo_oficial);
    if (valorErrado)
      return {
        cStat: valorErrado.codigo_oficial!,
        motivo: MOTIVOS_OFICIAIS[valorErrado.codigo_oficial!] ?? MOTIVOS_VALOR[valorErrado.codigo]!,
      };
  }
  return rejeicaoTotaisMono(nfe);
}

/** The authoriser's own message of a value rule whose message differs from the generic one. */
const MOTIVOS_OFICIAIS: Record<string, string> = {
  '1070': 'Valor do IBS monofásico difere do calculado',
  '1071': 'Valor da CBS monofásico difere do calculado',
};

/** IBSCBSTot/gMono: each total the sum of the same member of the items (W58-10 … W59d-10). */
const TOTAIS_MONO: ReadonlyArray<readonly [string, string, string]> = [
  ['vIBSMono', '1092', 'Total do IBS monofásico difere da soma dos itens'],
  ['vCBSMono', '1093', 'Total da CBS monofásica difere da soma dos itens'],
  ['vIBSMonoReten', '1120', 'Total do IBS monofásico sujeito a retenção difere da soma dos itens'],
  ['vCBSMonoReten', '1121', 'Total da CBS monofásica sujeita a retenção difere da soma dos itens'],
  ['vIBSMonoRet', '1122', 'Total do IBS monofásico retido anteriormente difere da soma dos itens'],
  ['vCBSMonoRet', '1123', 'Total da CBS monofásica retida anteriormente difere da soma dos itens'],
];

function rejeicaoTotaisMono(nfe: string): Pick<FalhaGrupoIbsCbs, 'cStat' | 'motivo'> | null {
  const gMono = dentro(dentro(nfe, 'IBSCBSTot') ?? '', 'gMono');
  if (gMono === null) return null;
  const itens = nfe.match(/<gIBSCBSMono>[\s\S]*?<\/gIBSCBSMono>/g) ?? [];
  for (const [tag, cStat, motivo] of TOTAIS_MONO) {
    const soma = itens.reduce((s, g) => s.plus(valor(g, tag) || 0), new Decimal(0));
    if (!soma.eq(valor(gMono, tag) || 0)) return { cStat, motivo };
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
  const mono = dentro(ibsCbs, 'gIBSCBSMono');
  if (mono !== null) {
    // Each member only where its subgroup is printed, as the request would carry it.
    for (const [sub, membros] of Object.entries(MONO_MEMBROS)) {
      const x = sub === 'totais' ? mono : dentro(mono, sub);
      if (x !== null) for (const [k, tag] of membros) out[snakeName(k)] = valor(x, tag);
    }
    return out as unknown as NfeIbsCbs;
  }
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
    gMono: Object.fromEntries(
      (Object.keys(MONO_MEMBROS).filter((k) => k !== 'totais') as SubgrupoMono[]).map((sub) => [
        sub,
        ibsCbs.includes(`<${sub}>`),
      ]),
    ) as Record<SubgrupoMono, boolean>,
    gRed: com('gRed'),
    gDif: com('gDif'),
    gTribRegular: regular ? { cst: valor(regular, 'CSTReg'), cClassTrib: valor(regular, 'cClassTribReg') } : null,
  };
}
