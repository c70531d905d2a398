import {
  classificacaoIbsCbs,
  classificacoesIbsCbs,
  type ClassificacaoIbsCbs,
} from '../tabelas/classificacao-ibs-cbs.js';
import { lazy } from '../tabelas/read-csv-records.js';
import type { SubgrupoMono } from './ibs-cbs-membros.js';

export type ParteIbsCbs = 'ibs_uf' | 'ibs_mun' | 'cbs';

/** Which IBS/CBS groups an item carries: read from the request (engine) or from the XML (SEFAZ simulator). */
export interface GruposIbsCbs {
  cst: string;
  cClassTrib: string;
  gIBSCBS: boolean;
  gIBSCBSMono: boolean;
  /** Which subgroups of gIBSCBSMono the item carries (all false without the group). */
  gMono: Record<SubgrupoMono, boolean>;
  gRed: Record<ParteIbsCbs, boolean>;
  gDif: Record<ParteIbsCbs, boolean>;
  /** CSTReg and cClassTribReg of gTribRegular, or null without the group. */
  gTribRegular: { cst: string; cClassTrib: string } | null;
}

/** A rule of NT 2025.002 the item breaks: the authoriser's cStat and message, and the member it points at. */
export interface FalhaGrupoIbsCbs {
  cStat: string;
  /** The rule's id and the authoriser's message (xMotivo). */
  regra: string;
  motivo: string;
  /** The request member (below `ibs_cbs`) the problem is reported on. */
  membro: string;
  correcao: string;
}

const PARTES: ReadonlyArray<{
  parte: ParteIbsCbs;
  nome: string;
  red: [string, string, string, string];
  dif: [string, string, string, string];
}> = [
  {
    parte: 'ibs_uf',
    nome: 'Estadual',
    red: ['1032', 'UB26-10', '1033', 'UB26-20'],
    dif: ['1029', 'UB22-10', '1030', 'UB22-20'],
  },
  {
    parte: 'ibs_mun',
    nome: 'Municipal',
    red: ['1007', 'UB45-10', '1074', 'UB45-20'],
    dif: ['1083', 'UB40-20', '1044', 'UB40-10'],
  },
  {
    parte: 'cbs',
    nome: 'da CBS',
    red: ['1028', 'UB64-10', '1079', 'UB64-20'],
    dif: ['1090', 'UB59-20', '1061', 'UB59-10'],
  },
];

// The CSTs of the classification table: the "Tabela de Indicadores de CST" the rules consult is uniform within a
// CST for these groups, so a code's indicators are its CST's.
const csts = lazy(() => new Set(classificacoesIbsCbs().map((c) => c.cst)));

/**
 * NT 2025.002's rules on which IBS/CBS groups an item may or must carry, by its CST and cClassTrib (UB13, UB14,
 * UB22/UB26/UB40/UB45/UB59/UB64, UB68–UB70, and the monophasic subgroups UB84a/UB90/UB94/UB99), each with the authoriser's rejection code. The service refuses these
 * before sending and the SEFAZ simulator rejects them with the same codes. Only the first problem of a missing
 * or wrong code is reported: the group rules need a known code.
 */
export function checkIbsCbsGroups(g: GruposIbsCbs): FalhaGrupoIbsCbs[] {
  const c = classificacaoIbsCbs(g.cClassTrib);
  const codigo = codigosInvalidos(g, c);
  if (codigo || !c) return codigo ? [codigo] : [];
  const out = gruposDoCst(g, c);
  if (g.gIBSCBS) out.push(...gruposDasPartes(g, c), ...tribRegular(g, c.exigeTribRegular));
  // The subgroups are judged by a monophasic code's indicators only; elsewhere the group itself is refused (1151).
  if (g.gIBSCBSMono && c.grupos.includes('gIBSCBSMono')) out.push(...gruposMonofasicos(g, c));
  return out;
}

const falha = (cStat: string, regra: string, motivo: string, membro: string, correcao: string) => ({
  cStat,
  regra,
  motivo,
  membro,
  correcao,
});

/** The CST and the cClassTrib exist and belong together (UB13-10, UB14-10, UB14-20). */
function codigosInvalidos(g: GruposIbsCbs, c: ClassificacaoIbsCbs | null): FalhaGrupoIbsCbs | null {
  if (!csts().has(g.cst))
    return falha(
      '1020',
      'UB13-10',
      'CST do IBS/CBS informado inexistente',
      'cst',
      'Informe um CST da tabela do IBS/CBS.',
    );
  if (!c)
    return falha(
      '1023',
      'UB14-10',
      'Classificação Tributária do IBS/CBS informada inexistente',
      'c_class_trib',
      'Informe um cClassTrib da tabela do IBS/CBS.',
    );
  if (c.cst !== g.cst)
    return falha(
      '1024',
      'UB14-20',
      'Classificação Tributária do IBS e da CBS incompatível com o CST informado',
      'c_class_trib',
      `O cClassTrib ${g.cClassTrib} é do CST ${c.cst}.`,
    );
  return null;
}

/** gIBSCBS and gIBSCBSMono by the CST's indicators (UB13-20, UB13-30, UB13-39, UB13-40). */
function gruposDoCst(g: GruposIbsCbs, c: ClassificacaoIbsCbs): FalhaGrupoIbsCbs[] {
  const out: FalhaGrupoIbsCbs[] = [];
  const exige = (grupo: 'gIBSCBS' | 'gIBSCBSMono') => c.grupos.includes(grupo);
  if (g.gIBSCBS && !exige('gIBSCBS'))
    out.push(
      falha(
        '1021',
        'UB13-20',
        'Grupo IBS/CBS informado indevidamente',
        'v_bc',
        `O CST ${g.cst} não leva valores de IBS/CBS: envie só cst e c_class_trib.`,
      ),
    );
  if (!g.gIBSCBS && exige('gIBSCBS'))
    out.push(
      falha(
        '1022',
        'UB13-30',
        'Grupo IBS/CBS não informado',
        'v_bc',
        `O CST ${g.cst} exige a base, as alíquotas e os valores do IBS/CBS (gIBSCBS).`,
      ),
    );
  if (g.gIBSCBSMono && !exige('gIBSCBSMono'))
    out.push(
      falha(
        '1151',
        'UB13-39',
        'Grupo IBS/CBS Monofásico informado indevidamente',
        'cst',
        `O CST ${g.cst} não é monofásico.`,
      ),
    );
  if (!g.gIBSCBSMono && exige('gIBSCBSMono'))
    out.push(
      falha(
        '1116',
        'UB13-40',
        'Grupo IBS/CBS Monofásico não informado',
        'cst',
        `O CST ${g.cst} exige o grupo monofásico (gIBSCBSMono): envie os valores dos subgrupos que o cClassTrib ${g.cClassTrib} pede (q_bc_mono, ad_rem_ibs, ... ou v_tot_ibs_mono_item e v_tot_cbs_mono_item).`,
      ),
    );
  return out;
}

/**
 * Each subgroup of gIBSCBSMono, required exactly when the cClassTrib's indicator is set (ind_gMonoPadrao,
 * ind_gMonoReten, ind_gMonoRet, ind_gMonoDif): [missing cStat, rule, message], [undue cStat, rule, message],
 * the member the problem is reported on and the members to send.
 */
const MONO: ReadonlyArray<{
  grupo: SubgrupoMono;
  falta: [string, string, string];
  indevido: [string, string, string];
  membro: string;
  membros: string;
}> = [
  {
    grupo: 'gMonoPadrao',
    falta: ['1125', 'UB84a-10', 'Não informada a Tributação Monofásica de Combustível'],
    indevido: ['1126', 'UB84a-20', 'Informada Tributação Monofásica de Combustível indevidamente'],
    membro: 'q_bc_mono',
    membros: 'q_bc_mono, ad_rem_ibs, ad_rem_cbs, v_ibs_mono e v_cbs_mono',
  },
  {
    grupo: 'gMonoReten',
    falta: ['1127', 'UB90-10', 'Não informada a Tributação Monofásica de Combustível com Retenção'],
    indevido: ['1128', 'UB90-20', 'Informada indevidamente a Tributação Monofásica de Combustível com Retenção'],
    membro: 'q_bc_mono_reten',
    membros: 'q_bc_mono_reten, ad_rem_ibs_reten, v_ibs_mono_reten, ad_rem_cbs_reten e v_cbs_mono_reten',
  },
  {
    grupo: 'gMonoRet',
    falta: ['1108', 'UB94-10', 'Não informada a Tributação Monofásica Retida Anteriormente'],
    indevido: ['1109', 'UB94-20', 'Informada indevidamente a Tributação Monofásica Retida anteriormente'],
    membro: 'q_bc_mono_ret',
    membros: 'q_bc_mono_ret, ad_rem_ibs_ret, v_ibs_mono_ret, ad_rem_cbs_ret e v_cbs_mono_ret',
  },
  {
    grupo: 'gMonoDif',
    falta: ['1148', 'UB99-10', 'Não informada a Tributação Monofásica de Combustível com diferimento'],
    indevido: ['1149', 'UB99-20', 'Informada Tributação Monofásica de Combustível com diferimento indevidamente'],
    membro: 'p_dif_ibs_mono',
    membros: 'p_dif_ibs_mono, v_ibs_mono_dif, p_dif_cbs_mono e v_cbs_mono_dif',
  },
];

/** gMonoPadrao, gMonoReten, gMonoRet and gMonoDif by the cClassTrib's indicators (UB84a, UB90, UB94, UB99). */
function gruposMonofasicos(g: GruposIbsCbs, c: ClassificacaoIbsCbs): FalhaGrupoIbsCbs[] {
  const out: FalhaGrupoIbsCbs[] = [];
  for (const { grupo, falta, indevido, membro, membros } of MONO) {
    const exigido = c.grupos.includes(grupo);
    if (exigido && !g.gMono[grupo])
      out.push(falha(...falta, membro, `O cClassTrib ${g.cClassTrib} exige ${grupo}: informe ${membros}.`));
    if (!exigido && g.gMono[grupo])
      out.push(falha(...indevido, membro, `O cClassTrib ${g.cClassTrib} não leva ${grupo}: remova ${membros}.`));
  }
  return out;
}

/** gRed and gDif of each part by the CST's indicators (UB26/UB45/UB64 and UB22/UB40/UB59). */
function gruposDasPartes(g: GruposIbsCbs, c: ClassificacaoIbsCbs): FalhaGrupoIbsCbs[] {
  const out: FalhaGrupoIbsCbs[] = [];
  const red = c.grupos.includes('gRed');
  const dif = c.grupos.includes('gDif');
  for (const { parte, nome, red: r, dif: d } of PARTES) {
    if (g.gRed[parte] && !red)
      out.push(
        falha(
          r[0],
          r[1],
          `CST do IBS/CBS informado não permite informação de redução de alíquota ${nome}`,
          `p_red_${parte}`,
          `Remova p_red_${parte} e p_aliq_efet_${parte}.`,
        ),
      );
    if (!g.gRed[parte] && red)
      out.push(
        falha(
          r[2],
          r[3],
          `Não informado o grupo de redução de alíquota ${nome}`,
          `p_red_${parte}`,
          `Informe p_red_${parte} e p_aliq_efet_${parte} do cClassTrib ${g.cClassTrib}.`,
        ),
      );
    if (g.gDif[parte] && !dif)
      out.push(
        falha(
          d[0],
          d[1],
          `CST do IBS/CBS informado não permite informação de diferimento ${nome}`,
          `p_dif_${parte}`,
          `Remova p_dif_${parte} e v_dif_${parte}.`,
        ),
      );
    if (!g.gDif[parte] && dif)
      out.push(
        falha(
          d[2],
          d[3],
          `CST do IBS/CBS informado obriga informação de diferimento ${nome}`,
          `p_dif_${parte}`,
          `Informe p_dif_${parte} e v_dif_${parte}.`,
        ),
      );
  }
  return out;
}

/** gTribRegular: required exactly when the cClassTrib has the indicator (UB68), with codes of the tables (UB69, UB70). */
function tribRegular(g: GruposIbsCbs, exigido: boolean): FalhaGrupoIbsCbs[] {
  const f = falha;
  const r = g.gTribRegular;
  if (!r && exigido)
    return [
      f(
        '1065',
        'UB68-10',
        'Classificação Tributária do IBS e da CBS informada obriga informação da tributação regular',
        'cst_reg',
        `Informe a tributação regular (cst_reg, c_class_trib_reg, alíquotas e valores) do cClassTrib ${g.cClassTrib}.`,
      ),
    ];
  if (!r) return [];
  if (!exigido)
    return [
      f(
        '1114',
        'UB68-11',
        'Classificação Tributária do IBS e da CBS informada não permite informação da tributação regular',
        'cst_reg',
        'Remova os campos da tributação regular (cst_reg, c_class_trib_reg, ...).',
      ),
    ];
  if (!csts().has(r.cst))
    return [
      f(
        '1066',
        'UB69-10',
        'CST do IBS e da CBS informado no grupo de tributação regular inexistente',
        'cst_reg',
        'Informe um CST da tabela do IBS/CBS.',
      ),
    ];
  if (!classificacaoIbsCbs(r.cClassTrib))
    return [
      f(
        '1067',
        'UB70-10',
        'Classificação Tributária do IBS e da CBS informada no grupo de tributação regular inexistente',
        'c_class_trib_reg',
        'Informe um cClassTrib da tabela do IBS/CBS.',
      ),
    ];
  return [];
}
