import { lazy, readCsvRecords } from './read-csv-records.js';
import { fiscalDataPath } from './fiscal-data-dir.js';

/** Version and source of the classification table, carried by every rule that reads it. */
export const TABELA_CLASSIFICACAO_IBS_CBS = {
  versao: 'calculadora-rtc-1.3.0-20260814',
  fonte:
    'Receita Federal, Calculadora de Tributos da Reforma Tributária 1.3.0 (2026-08-14): tabela de classificação ' +
    'tributária do IBS/CBS (cClassTrib) e sua aplicabilidade por NCM/NBS (LC 214/2025)',
} as const;

/** The layout groups a classification requires (the table's `ind_g*` columns), by their element names. */
export const GRUPOS_CLASSIFICACAO_IBS_CBS = [
  'gIBSCBS',
  'gIBSCBSMono',
  'gRed',
  'gDif',
  'gTransfCred',
  'gCredPresIBSZFM',
  'gAjusteCompet',
  'gCredPresOper',
  'gMonoPadrao',
  'gMonoReten',
  'gMonoRet',
  'gMonoDif',
  'gEstornoCred',
] as const;
export type GrupoIbsCbs = (typeof GRUPOS_CLASSIFICACAO_IBS_CBS)[number];

/** A fixed or sector rate (percent) and the days it applies to, inclusive; `fim` null while open. */
export interface AliquotaFixaIbsCbs {
  aliquota: string;
  inicio: string;
  fim: string | null;
}

/** One IBS/CBS classification code (cClassTrib) of the official table. */
export interface ClassificacaoIbsCbs {
  /** Six digits ("200028"). */
  cClassTrib: string;
  /** The CST the code belongs to (three digits) and its name. */
  cst: string;
  cstDescricao: string;
  descricao: string;
  /** "Padrão", "Fixa", "Uniforme setorial", "Uniforme nacional (referência)", "Sem alíquota". */
  tipoAliquota: string;
  /** Which nomenclature the operation is classified by: "NCM", "NBS", "NBS ou NCM" or "Não possui". */
  nomenclatura: string;
  /** Annex of LC 214/2025 the code implements, or "" when none. */
  anexo: string;
  tratamento: string;
  exigeTribRegular: boolean;
  incompativelComSuspensao: boolean;
  /** Percentages taken off the rate (effective rate = rate × (1 − pRed/100)), decimal strings as the table writes them. */
  pRedCBS: string;
  pRedIBSUF: string;
  pRedIBSMun: string;
  /** Fixed or sector rates by period, per tax; empty when the code uses the reference rates. */
  aliquotaFixa: { CBS: AliquotaFixaIbsCbs[]; IBSUF: AliquotaFixaIbsCbs[]; IBSMun: AliquotaFixaIbsCbs[] };
  /** The calculator's expression for the base ("baseCalculoInformada", "quantidade", …). */
  expressaoBaseCalculo: string;
  /** Groups the layout requires for an item of this code. */
  grupos: GrupoIbsCbs[];
  apropriaCreditoCBS: boolean;
  apropriaCreditoIBS: boolean;
  creditoPresumidoFornecedor: boolean;
  creditoPresumidoAdquirente: boolean;
  /** "Manutenção", "Anulação" or "". */
  creditoOperacaoAntecedente: string;
  /** Documents the code may appear on ("NFe", "NFCe", "NFSe", …). */
  documentos: string[];
  validoNfe: boolean;
  validoNfse: boolean;
  /** Whether the table lists the NCM / NBS the code applies to; without a list the code is not limited by it. */
  listaNcm: boolean;
  listaNbs: boolean;
  fundamentacao: string;
  /** Validity, `AAAA-MM-DD`, inclusive; `fim` null while in force. */
  inicio: string;
  fim: string | null;
  atualizadaEm: string;
}

interface Aplicacao {
  cClassTrib: string;
  tipo: 'NCM' | 'NBS';
  prefixo: string;
  excecoes: string[];
  inicio: string;
  fim: string | null;
}

const sim = (v: string | undefined) => v === '1';
const emVigor = (dia: string, inicio: string, fim: string | null) =>
  (!inicio || inicio <= dia) && (fim === null || dia <= fim);
const lista = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** "0@2026-01-01..2026-12-31|1@2027-01-01..2033-12-31" → the periods. */
function aliquotasFixas(v: string | undefined): AliquotaFixaIbsCbs[] {
  return lista(v?.replaceAll('|', ',')).map((faixa) => {
    const [aliquota, periodo = ''] = faixa.split('@');
    const [inicio = '', fim = ''] = periodo.split('..');
    return { aliquota: aliquota!, inicio, fim: fim || null };
  });
}

// Only the IBS/CBS rows: the same cClassTrib numbers are reused by the Imposto Seletivo (tributo IS).
const classificacoes = lazy(() => {
  const map = new Map<string, ClassificacaoIbsCbs>();
  for (const r of readCsvRecords(fiscalDataPath('classificacaoTributaria'))) {
    if (r.tributo !== 'IBS/CBS') continue;
    const documentos = lista(r.dfe_permitidos);
    map.set(r.cClassTrib!, {
      cClassTrib: r.cClassTrib!,
      cst: r.CST!,
      cstDescricao: r.CST_descricao!,
      descricao: r.cClassTrib_descricao!,
      tipoAliquota: r.tipo_aliquota!,
      nomenclatura: r.nomenclatura!,
      anexo: r.anexo_LC214!,
      tratamento: r.tratamento_tributario!,
      exigeTribRegular: sim(r.exige_gTribRegular),
      incompativelComSuspensao: sim(r.incompativel_com_suspensao),
      pRedCBS: r.pRedCBS || '0',
      pRedIBSUF: r.pRedIBSUF || '0',
      pRedIBSMun: r.pRedIBSMun || '0',
      aliquotaFixa: {
        CBS: aliquotasFixas(r.aliq_fixa_ou_setorial_CBS),
        IBSUF: aliquotasFixas(r.aliq_fixa_ou_setorial_IBSUF),
        IBSMun: aliquotasFixas(r.aliq_fixa_ou_setorial_IBSMun),
      },
      expressaoBaseCalculo: r.expressao_base_calculo!,
      grupos: GRUPOS_CLASSIFICACAO_IBS_CBS.filter((g) => sim(r[`ind_${g}`])),
      apropriaCreditoCBS: sim(r.aprop_cred_adquirente_CBS),
      apropriaCreditoIBS: sim(r.aprop_cred_adquirente_IBS),
      creditoPresumidoFornecedor: sim(r.cred_presumido_fornecedor),
      creditoPresumidoAdquirente: sim(r.cred_presumido_adquirente),
      creditoOperacaoAntecedente: r.credito_operacao_antecedente!,
      documentos,
      validoNfe: sim(r.valido_NFe_mod55),
      validoNfse: documentos.includes('NFSe'),
      listaNcm: Number(r.n_ncm_aplicaveis || '0') > 0,
      listaNbs: Number(r.n_nbs_aplicaveis || '0') > 0,
      fundamentacao: r.fundamentacao_legal!,
      inicio: r.inicio_vigencia!,
      fim: r.fim_vigencia || null,
      atualizadaEm: r.data_atualizacao!,
    });
  }
  return map;
});

// The table writes one exception per row ("0207 except 02074300", "0207 except 02075300"): the rows of one
// code and prefix are one rule whose exceptions are all of theirs, so a product excluded by one row is not let in
// by the other.
const aplicacoes = lazy((): Aplicacao[] => {
  const porPrefixo = new Map<string, Aplicacao>();
  for (const r of readCsvRecords(fiscalDataPath('classificacaoTributariaNcmNbs'))) {
    if (r.tributo !== 'IBS/CBS' || (r.tipo !== 'NCM' && r.tipo !== 'NBS')) continue;
    const chave = `${r.cClassTrib}|${r.tipo}|${r.codigo_prefixo}|${r.inicio_vigencia}|${r.fim_vigencia}`;
    const existente = porPrefixo.get(chave);
    if (existente) {
      existente.excecoes.push(...lista(r.excecoes_prefixos));
      continue;
    }
    porPrefixo.set(chave, {
      cClassTrib: r.cClassTrib!,
      tipo: r.tipo,
      prefixo: r.codigo_prefixo!,
      excecoes: lista(r.excecoes_prefixos),
      inicio: r.inicio_vigencia ?? '',
      fim: r.fim_vigencia || null,
    });
  }
  return [...porPrefixo.values()];
});

/** The IBS/CBS classification of a cClassTrib (six digits), or null when the table has no such code. */
export function classificacaoIbsCbs(cClassTrib: string): ClassificacaoIbsCbs | null {
  return classificacoes().get(cClassTrib) ?? null;
}

/** Every IBS/CBS classification of the table, in its order. */
export function classificacoesIbsCbs(): ClassificacaoIbsCbs[] {
  return [...classificacoes().values()];
}

/** Whether the classification is in force on `dia` (`AAAA-MM-DD`; the table's dates are inclusive). */
export function classificacaoVigente(c: ClassificacaoIbsCbs, dia: string): boolean {
  return emVigor(dia, c.inicio, c.fim);
}

const cobre = (a: Aplicacao, codigo: string, dia: string) =>
  codigo.startsWith(a.prefixo) && !a.excecoes.some((e) => codigo.startsWith(e)) && emVigor(dia, a.inicio, a.fim);

/**
 * Whether the classification may be used for a good (NCM, 8 digits) or a service (NBS, 9 digits) on `dia`: a code
 * that lists its NCM (or NBS) must list this one; a code without a list for that nomenclature is not limited by it.
 */
export function classificacaoAplicavel(
  c: ClassificacaoIbsCbs,
  tipo: 'NCM' | 'NBS',
  codigo: string,
  dia: string,
): boolean {
  const comLista = tipo === 'NCM' ? c.listaNcm : c.listaNbs;
  if (!comLista) return true;
  return aplicacoes().some((a) => a.cClassTrib === c.cClassTrib && a.tipo === tipo && cobre(a, codigo, dia));
}

/**
 * The classifications whose NCM/NBS list names this good or service on `dia` (and that are in force that day):
 * the specific treatments the law foresees for it. Codes without a list (general ones such as 000001) are not
 * returned: they fit any code and choosing them is the issuer's.
 */
export function classificacoesListadas(tipo: 'NCM' | 'NBS', codigo: string, dia: string): ClassificacaoIbsCbs[] {
  const codigos = new Set(
    aplicacoes()
      .filter((a) => a.tipo === tipo && cobre(a, codigo, dia))
      .map((a) => a.cClassTrib),
  );
  return classificacoesIbsCbs().filter((c) => codigos.has(c.cClassTrib) && classificacaoVigente(c, dia));
}
