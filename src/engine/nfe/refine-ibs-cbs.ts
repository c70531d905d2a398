import { Decimal } from 'decimal.js';
import type { BodyReport } from '../nucleo/read-body.js';
import { snakeName } from '../nucleo/validation-issues-of.js';
import { IBS_CBS_MEMBROS, IS_MEMBROS, MONO_MEMBROS, type SubgrupoMono } from './ibs-cbs-membros.js';
import { requireMember, requireSentMember } from './nfe-member.js';
import type { Members } from './is-members.js';

const sent = (o: Members, key: string) => o[key] !== undefined && o[key] !== null;
const NOMES: Record<string, string> = {
  vBc: 'A base de cálculo do IBS/CBS (v_bc)',
  pIbsUf: 'A alíquota do IBS estadual (p_ibs_uf)',
  vIbsUf: 'O valor do IBS estadual (v_ibs_uf)',
  pIbsMun: 'A alíquota do IBS municipal (p_ibs_mun)',
  vIbsMun: 'O valor do IBS municipal (v_ibs_mun)',
  pCbs: 'A alíquota da CBS (p_cbs)',
  vCbs: 'O valor da CBS (v_cbs)',
};
const { gIBSCBS, gRed, gDif, gTribRegular } = IBS_CBS_MEMBROS;
const DO_GRUPO: readonly string[] = [...gIBSCBS, 'vIbs', ...gRed.flat(), ...gDif.flat(), ...gTribRegular];

/** A member of a group sent: required, each reported at its own pointer. */
const exigir = (g: Members, keys: readonly string[], campo: string, report: BodyReport, grupo: string) => {
  for (const k of keys)
    requireSentMember(
      g,
      k,
      `${campo}/${snakeName(k)}`,
      report,
      NOMES[k] ?? `O campo ${snakeName(k)} do grupo ${grupo}`,
    );
};

const SUBGRUPOS_MONO = Object.keys(MONO_MEMBROS).filter((k) => k !== 'totais') as SubgrupoMono[];

/**
 * IBS/CBS as already calculated (group UB of NT 2025.002): CST and cClassTrib, and gIBSCBS when any of its
 * members is sent, then whole; each optional group inside it (gRed and gDif of each part, gTribRegular) whole
 * when any of its members is sent. vIBS, when sent, is the state part plus the municipal part. Each subgroup of
 * gIBSCBSMono is likewise whole when any of its members is sent.
 */
export function refineIbsCbs(g: Members, campo: string, report: BodyReport): void {
  requireMember(g, 'cst', `${campo}/cst`, report, 'O campo cst');
  requireMember(g, 'cClassTrib', `${campo}/c_class_trib`, report, 'O campo c_class_trib');
  for (const sub of SUBGRUPOS_MONO) {
    const membros = MONO_MEMBROS[sub].map(([k]) => k);
    if (membros.some((k) => sent(g, k))) exigir(g, membros, campo, report, sub);
  }
  if (!DO_GRUPO.some((k) => sent(g, k))) return;
  exigir(g, gIBSCBS, campo, report, 'gIBSCBS');
  for (const par of gRed) if (par.some((k) => sent(g, k))) exigir(g, par, campo, report, 'gRed');
  for (const par of gDif) if (par.some((k) => sent(g, k))) exigir(g, par, campo, report, 'gDif');
  if (gTribRegular.some((k) => sent(g, k))) exigir(g, gTribRegular, campo, report, 'gTribRegular');
  if (!report.valid(campo) || !sent(g, 'vIbs')) return;
  const somado = new Decimal(g.vIbsUf as string).plus(g.vIbsMun as string).toFixed(2);
  if (!new Decimal(g.vIbs as string).eq(somado)) {
    report.add({
      codigo: 'formato_invalido',
      campo: `${campo}/v_ibs`,
      mensagem: `v_ibs ${g.vIbs as string} difere da soma do IBS estadual e municipal (${somado}).`,
      correcao: 'Corrija v_ibs ou omita-o para o serviço somar.',
    });
  }
}

/** The Imposto Seletivo group (UB01 `IS`): every member required. */
export function refineImpostoSeletivo(g: Members, campo: string, report: BodyReport): void {
  exigir(g, IS_MEMBROS, campo, report, 'IS');
}
