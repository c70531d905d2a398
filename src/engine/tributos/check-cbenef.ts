import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';

/** What the UF's authoriser checks cBenef against: the issuer's UF, the day, the item's CST and its cBenef. */
export interface ItemCbenef {
  uf: string;
  /** Issue date, AAAA-MM-DD. */
  dia: string;
  /** CST (regime normal) or CSOSN. */
  codigo: string;
  csosn: boolean;
  cBenef: string | undefined;
  /** Issuer and recipient in the same UF (the CST 90 exception of rule N12-84). */
  interna: boolean;
  /** Neither pRedBC nor pRedBCST above zero (the CST 90 exception of rule N12-84). */
  semReducao: boolean;
  /** The group carries every member of the deferral (modBC, pRedBC, vBC, pICMS, vICMSOp, pDif, vICMSDif, vICMS). */
  diferimentoCompleto: boolean;
  /** The group carries vICMSDeson and motDesICMS. */
  desonerado: boolean;
}

/** A rejection the SEFAZ would give the item: its cStat, the NT rule, and what to say and do about it. */
export interface RejeicaoCbenef {
  cStat: string;
  regra: string;
  codigo: 'c_benef_obrigatorio' | 'c_benef_invalido';
  mensagem: string;
  correcao: string;
}

const SEM_CBENEF = 'SEM CBENEF';
const NT = 'NT 2019.001 v1.70';
// Rule N12-84's CSTs with a benefit. CST 60 (ICMS retained before) is left out: the UFs' published policies leave
// it blank (SP's table "sem preenchimento", PR) and RS lists codes for it without requiring one.
const CST_COM_BENEFICIO = ['20', '30', '40', '41', '50', '51', '70', '90'];
// Rule N12-90: CSTs whose group must state the relieved ICMS (vICMSDeson, motDesICMS).
const CST_DESONERACAO = ['20', '30', '40', '41', '50', '70', '90'];
// Rule I05f-10: CSTs without a benefit, where a cBenef is refused (928) unless the UF's table has one for them.
const CST_SEM_BENEFICIO = ['00', '10', '60'];

/** Per UF that validates cBenef (cbenef-ufs.csv, situação "exige"): the day each NT rule took effect in production. */
const vigencias = lazy(() => {
  const porUf = new Map<string, Map<string, string>>();
  for (const r of readCsvRecords(fiscalDataPath('cbenefUfs'))) {
    if (r.situacao === 'exige') porUf.set(r.uf!, vigenciasDasRegras(r.regras ?? ''));
  }
  return porUf;
});

/**
 * "N12-85, N12-86 2019-10-01; N12-98 2020-08-10 (hom 2020-01-01)": each rule takes the first production date written
 * after it; homologation dates and rules the row marks without a date ("D*", "desativada") take none. Where the row
 * gives a rule two dates (the NT's and the UF's own page), the one written last, the UF's, holds.
 */
function vigenciasDasRegras(texto: string): Map<string, string> {
  const out = new Map<string, string>();
  let pendentes: string[] = [];
  for (const m of texto.matchAll(/([A-Z]\d{2}[a-z]?-\d{2})|(hom )?(\d{4}-\d{2}-\d{2})|(desativad|D\*)/g)) {
    if (m[1]) pendentes.push(m[1]);
    else if (m[4]) pendentes = [];
    else if (m[3] && !m[2]) {
      for (const regra of pendentes) out.set(regra, m[3]);
      pendentes = [];
    }
  }
  return out;
}

/**
 * The cBenef codes of the UFs in cbenef.csv, and the CSTs any of them is for; `completa` when the UF's whole table is
 * there (it states the blank CSTs).
 */
const tabelas = lazy(() => {
  const porUf = new Map<
    string,
    { codigos: Map<string, string[]>; cstsComCodigo: Set<string>; semPreenchimento: string[] | null }
  >();
  for (const r of readCsvRecords(fiscalDataPath('cbenef'))) {
    const t = porUf.get(r.uf!) ?? { codigos: new Map(), cstsComCodigo: new Set(), semPreenchimento: null };
    const csts = r.csts!.split(' ').filter(Boolean);
    if (r.tipo === 'sem_preenchimento') t.semPreenchimento = csts;
    else t.codigos.set(r.cbenef!, csts);
    porUf.set(r.uf!, t);
  }
  for (const t of porUf.values()) t.cstsComCodigo = new Set([...t.codigos.values()].flat());
  return porUf;
});
const NENHUM_CST = new Set<string>();

/** The message of the rejection `cStat` as the NT words it (cbenef-regras.csv). */
const mensagens = lazy(
  () => new Map(readCsvRecords(fiscalDataPath('cbenefRegras')).map((r) => [r.cstat!, r.mensagem!] as const)),
);

/**
 * The rejection a UF's authoriser gives the item's cBenef (NT 2019.001 v1.70, item 3.6), or null: 930 a CST with a
 * benefit without cBenef (N12-85), 928 a cBenef on a CST without benefit (N12-86), 946 a code the UF's table does not
 * have (N12-98), 931 a code of another CST (N12-94). Each only where and from when the UF applies the rule
 * (cbenef-ufs.csv); the codes are checked only against a UF's whole table (cbenef.csv: SP). With them, the
 * group's own checks of the same NT: 929 a CST 51 without the deferral's members (N12-97), 934 a CST with a benefit
 * without the relieved ICMS (N12-90, CST 90 without reductions excepted). The Simples Nacional
 * (CSOSN) is outside these rules. Devoluções, adjustments and entries (the NT's exceptions E1–E4) are the caller's
 * to leave out.
 */
export function checkCbenef(item: ItemCbenef): RejeicaoCbenef | null {
  const regras = vigencias().get(item.uf);
  if (!regras || item.csosn) return null;
  const ativa = (regra: string) => {
    const desde = regras.get(regra);
    return desde !== undefined && desde <= item.dia ? desde : null;
  };
  const tabela = tabelas().get(item.uf);
  const completa = tabela?.semPreenchimento ? tabela : null;
  const { codigo: cst, cBenef, uf } = item;
  const cstsComCodigo = tabela?.cstsComCodigo ?? NENHUM_CST;
  const exige = completa
    ? cstsComCodigo.has(cst)
    : CST_COM_BENEFICIO.includes(cst) && !(cst === '90' && item.interna && item.semReducao);
  const semBeneficio = completa
    ? completa.semPreenchimento!.includes(cst)
    : CST_SEM_BENEFICIO.includes(cst) && !cstsComCodigo.has(cst);
  const rejeicao: Rejeicao = (cStat, regra, desde, causa, correcao) => ({
    cStat,
    regra,
    codigo: cStat === '930' ? 'c_benef_obrigatorio' : 'c_benef_invalido',
    mensagem: `${causa} ${uf} aplica a regra ${regra} (${NT}) desde ${desde}: a SEFAZ rejeitaria a nota com ${cStat} (${mensagens().get(cStat) ?? ''}).`,
    correcao,
  });
  const aceitaSem = completa?.codigos.get(SEM_CBENEF)?.includes(cst) ? ', ou "SEM CBENEF"' : '';
  const grupo = rejeicaoDoGrupo(item, ativa, rejeicao);
  if (grupo) return grupo;
  if (!cBenef) {
    const desde = exige ? ativa('N12-85') : null;
    if (!desde) return null;
    return rejeicao(
      '930',
      'N12-85',
      desde,
      `O CST ${cst} do ICMS exige o código de benefício fiscal (cBenef) em ${uf}:`,
      `Informe o código da tabela de ${uf} para o CST ${cst}${aceitaSem}: c_benef no item (modo informado) ou tributacao.icms.c_benef do produto ou de uma regra tributária da empresa (modo calcular).`,
    );
  }
  const n1286 = semBeneficio ? ativa('N12-86') : null;
  if (n1286)
    return rejeicao(
      '928',
      'N12-86',
      n1286,
      `O CST ${cst} do ICMS não tem benefício fiscal em ${uf} e o item traz cBenef ${cBenef}:`,
      `Remova o cBenef do item, ou use o CST do benefício que o código ${cBenef} concede.`,
    );
  if (!completa) return null;
  const cstsDoCodigo = completa.codigos.get(cBenef);
  const n1298 = cstsDoCodigo ? null : ativa('N12-98');
  if (n1298)
    return rejeicao(
      '946',
      'N12-98',
      n1298,
      `O cBenef ${cBenef} não existe na tabela de benefícios de ${uf}:`,
      `Confira o código na tabela cBenef de ${uf} para o CST ${cst}${aceitaSem}.`,
    );
  const n1294 = cstsDoCodigo && !cstsDoCodigo.includes(cst) ? ativa('N12-94') : null;
  if (n1294)
    return rejeicao(
      '931',
      'N12-94',
      n1294,
      `O cBenef ${cBenef} de ${uf} vale para o CST ${cstsDoCodigo!.join(', ')}, não para o CST ${cst}:`,
      `Use o CST que o benefício ${cBenef} concede (${cstsDoCodigo!.join(', ')}) ou o código da tabela de ${uf} para o CST ${cst}.`,
    );
  return null;
}

type Rejeicao = (cStat: string, regra: string, desde: string, causa: string, correcao: string) => RejeicaoCbenef;

/** 929 (N12-97) and 934 (N12-90): the deferral's and the relief's members the UF requires in the ICMS group. */
function rejeicaoDoGrupo(
  item: ItemCbenef,
  ativa: (regra: string) => string | null,
  rejeicao: Rejeicao,
): RejeicaoCbenef | null {
  const cst = item.codigo;
  const n1297 = cst === '51' && !item.diferimentoCompleto ? ativa('N12-97') : null;
  if (n1297)
    return rejeicao(
      '929',
      'N12-97',
      n1297,
      `O CST 51 de ${item.uf} exige todos os campos do diferimento (mod_bc, p_red_bc, v_bc, p_icms, v_icms_op, p_dif, v_icms_dif, v_icms):`,
      'Informe os campos do diferimento no grupo ICMS51 (p_red_bc "0" sem redução).',
    );
  const excecao = cst === '90' && item.semReducao;
  const n1290 = CST_DESONERACAO.includes(cst) && !excecao && !item.desonerado ? ativa('N12-90') : null;
  if (n1290)
    return rejeicao(
      '934',
      'N12-90',
      n1290,
      `O CST ${cst} de ${item.uf} exige o ICMS desonerado e o seu motivo (v_icms_deson, mot_des_icms):`,
      'Informe v_icms_deson e mot_des_icms no grupo do ICMS; o modo calcular não calcula a desoneração, envie o item em modo informado.',
    );
  return null;
}
