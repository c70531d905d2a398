import { Decimal } from 'decimal.js';
import {
  aliquotasReferenciaIbsCbs,
  TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS,
  type AliquotasReferenciaIbsCbs,
} from '../tabelas/aliquotas-referencia-ibs-cbs.js';
import {
  classificacaoAplicavel,
  classificacaoIbsCbs,
  classificacaoVigente,
  type ClassificacaoIbsCbs,
} from '../tabelas/classificacao-ibs-cbs.js';
import { computeIbsCbsMono } from './compute-ibs-cbs-mono.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type FonteTabela, type RegraTributaria } from './regra-tributaria.js';
import { decimal, roundMoney, roundMoneyHalfEven } from './round-money.js';
import { tribRegularIbsCbs } from './trib-regular-ibs-cbs.js';

/** The amounts of the item the IBS/CBS base leaves out, and the Imposto Seletivo it takes in. */
export interface ForaDaBaseIbsCbs {
  operacao: Decimal;
  vPis: Decimal;
  vCofins: Decimal;
  vIcms: Decimal;
  vFcp: Decimal;
  vIcmsUfDest: Decimal;
  vFcpUfDest: Decimal;
  /** The item's printed vIS (zero without IS). */
  vIs?: Decimal;
}

/**
 * Groups the engine fills: gIBSCBS with its reductions and deferrals; gCredPresOper is a permission of the code
 * ("permite, mas não obriga", NT 2025.002 on UB73-20), so an item without it is complete; gIBSCBSMono by quantity
 * (computeIbsCbsMono), without the monophasic deferral (gMonoDif), which the data gives no base for.
 */
const GRUPOS_COBERTOS = [
  'gIBSCBS',
  'gRed',
  'gDif',
  'gCredPresOper',
  'gIBSCBSMono',
  'gMonoPadrao',
  'gMonoReten',
  'gMonoRet',
];

export const FONTE_BASE_IBS_CBS: FonteTabela = {
  versao: 'nt-2025.002-rtc-v1.30',
  fonte:
    'LC 214/2025, art. 12; NT 2025.002-RTC, UB16: vBC = vProd + vFrete + vSeg + vOutro - vDesc - vPIS - vCOFINS - vICMS - vICMSUFDest - vFCP - vFCPUFDest; ' +
    'tabela cClassTrib, expressão da base: baseCalculoInformada - impostoSeletivoInformado + impostoSeletivoCalculado',
};

type Parte = 'ibs_uf' | 'ibs_mun' | 'cbs';
const PARTES: ReadonlyArray<{
  parte: Parte;
  tributo: 'IBSUF' | 'IBSMun' | 'CBS';
  pRed: 'pRedIBSUF' | 'pRedIBSMun' | 'pRedCBS';
}> = [
  { parte: 'ibs_uf', tributo: 'IBSUF', pRed: 'pRedIBSUF' },
  { parte: 'ibs_mun', tributo: 'IBSMun', pRed: 'pRedIBSMun' },
  { parte: 'cbs', tributo: 'CBS', pRed: 'pRedCBS' },
];

/** The calculator keeps its intermediate values in eight decimals, half to even (data directory nfe/rtc/README.md). */
export const oitoCasas = (v: Decimal.Value) => decimal(v).toDecimalPlaces(8, Decimal.ROUND_HALF_EVEN);

/**
 * IBS and CBS of the item (NT 2025.002-RTC group UB), as the Receita Federal's calculator computes them: the
 * classification (cClassTrib of the product's profile, 000001 "tributação integral" by default) says the CST and
 * the groups; the rates are the reference rates of the issue date's year. For each part (UF, municipality, CBS):
 * effective rate = rate × (1 − pRed/100) (gRed); gross = vBC × effective rate / 100; under deferral (gDif, CST
 * 510/515) vDif = gross × pDif / 100 and the value is gross − vDif (UB23/UB35); a code that asks for regular
 * taxation (gTribRegular: 550xxx, 200022, 200024) has rate 0 in the main group (UB18/UB37/UB56 exception) and
 * reports the regular taxation apart. Intermediates keep eight decimals; each printed value is rounded half to
 * even. vIBS is the sum of the printed state and municipal parts, the same sum the layout checks (UB54a-10).
 */
export function computeIbsCbs(
  item: ItemTributavel,
  op: OperacaoTributavel,
  foraDaBase: ForaDaBaseIbsCbs,
  regras: RegraTributaria[],
): Record<string, string> {
  const perfil = item.perfil.ibsCbs;
  const codigo = perfil?.cClassTrib ?? '000001';
  const c = classificacaoCoberta(codigo, perfil?.cst, item.ncm, op.dia);
  if (c.grupos.includes('gIBSCBSMono')) return computeIbsCbsMono(c, item, op, regras);
  if (!c.grupos.includes('gIBSCBS')) return { cst: c.cst, c_class_trib: codigo };
  const aliquotas = aliquotasReferenciaIbsCbs(op.dia);
  if (!aliquotas) throw new ForaDeCobertura('/ibs_cbs', `Sem alíquotas de referência do IBS/CBS para ${op.dia}.`);
  const pDif = c.grupos.includes('gDif') ? percentualDiferimento(codigo, perfil?.pDif) : null;
  const f = foraDaBase;
  const base = baseIbsCbs(f);
  const out: Record<string, string> = { cst: c.cst, c_class_trib: codigo, v_bc: base };
  const contexto = {
    c,
    aliquotas,
    pDif,
    codigo,
    base,
    vBc: new Decimal(base),
    ano: op.dia.slice(0, 4),
    perfilSemCodigo: !perfil?.cClassTrib,
    vIs: f.vIs,
  };
  for (const p of PARTES) parte(p, contexto, out, regras);
  out.v_ibs = new Decimal(out.v_ibs_uf!).plus(out.v_ibs_mun!).toFixed(2);
  if (c.exigeTribRegular) Object.assign(out, tribRegularIbsCbs(perfil?.cClassTribReg, base, op, aliquotas, regras));
  return out;
}

/**
 * The IBS/CBS base (UB16): the operation less PIS, COFINS, ICMS, DIFAL and FCP, plus the item's Imposto Seletivo
 * (the code's base expression); without vIs it is also the IS base (UB05-10).
 */
export function baseIbsCbs(f: ForaDaBaseIbsCbs): string {
  return roundMoney(
    f.operacao
      .minus(f.vPis)
      .minus(f.vCofins)
      .minus(f.vIcms)
      .minus(f.vIcmsUfDest)
      .minus(f.vFcp)
      .minus(f.vFcpUfDest)
      .plus(f.vIs ?? 0),
  );
}

/** The profile's classification, when the engine covers it on that day for that NCM; ForaDeCobertura otherwise. */
function classificacaoCoberta(codigo: string, cst: string | undefined, ncm: string, dia: string): ClassificacaoIbsCbs {
  const c = classificacaoIbsCbs(codigo);
  if (!c)
    throw new ForaDeCobertura('/ibs_cbs', `cClassTrib ${codigo} não existe na tabela de classificação do IBS/CBS.`);
  if (cst && cst !== c.cst)
    throw new ForaDeCobertura(
      '/ibs_cbs',
      `O cClassTrib ${codigo} é do CST ${c.cst}, não do CST ${cst} do perfil do produto.`,
    );
  if (!c.validoNfe || !classificacaoVigente(c, dia))
    throw new ForaDeCobertura('/ibs_cbs', `O cClassTrib ${codigo} não vale na NF-e em ${dia}.`);
  if (!classificacaoAplicavel(c, 'NCM', ncm, dia))
    throw new ForaDeCobertura('/ibs_cbs', `O cClassTrib ${codigo} não se aplica ao NCM ${ncm}.`);
  const fora = c.grupos.filter((g) => !GRUPOS_COBERTOS.includes(g));
  if (fora.length)
    throw new ForaDeCobertura('/ibs_cbs', `O cClassTrib ${codigo} exige ${fora.join(', ')}, que o motor não calcula.`);
  if (c.aliquotaFixa.CBS.length || c.aliquotaFixa.IBSUF.length || c.aliquotaFixa.IBSMun.length)
    throw new ForaDeCobertura(
      '/ibs_cbs',
      `O cClassTrib ${codigo} tem alíquota fixa ou setorial, que o motor não calcula.`,
    );
  return c;
}

/** The deferral percentage of a CST 510/515 code: the classification table has none, so the profile says it. */
function percentualDiferimento(codigo: string, pDif: string | undefined): string {
  if (pDif === undefined)
    throw new ForaDeCobertura(
      '/ibs_cbs',
      `O cClassTrib ${codigo} tem diferimento (gDif), mas o perfil do produto não traz o percentual (ibs_cbs.p_dif): a tabela de classificação não o define.`,
    );
  return pDif;
}

interface ContextoParte {
  c: ClassificacaoIbsCbs;
  aliquotas: AliquotasReferenciaIbsCbs;
  /** The deferral percentage, or null when the code has no gDif. */
  pDif: string | null;
  codigo: string;
  base: string;
  /** `base` as a Decimal, parsed once for the three parts. */
  vBc: Decimal;
  ano: string;
  perfilSemCodigo: boolean;
  vIs: Decimal | undefined;
}

/** One part's rate, reduction, deferral and value, written into `out` with the rule that produced the value. */
function parte(
  { parte: nome, tributo, pRed: chaveRed }: (typeof PARTES)[number],
  x: ContextoParte,
  out: Record<string, string>,
  regras: RegraTributaria[],
): void {
  const { c, aliquotas, pDif } = x;
  const aliquota = c.exigeTribRegular ? '0' : aliquotas[tributo];
  const reduz = c.grupos.includes('gRed');
  const pRed = c[chaveRed];
  const efetiva = aliquotaEfetiva(aliquota, pRed);
  const bruto = oitoCasas(x.vBc.times(efetiva).div(100));
  const diferido = pDif === null ? ZERO : oitoCasas(bruto.times(pDif).div(100));
  const valor = roundMoneyHalfEven(bruto.minus(diferido));
  out[`p_${nome}`] = aliquota;
  if (pDif !== null) {
    out[`p_dif_${nome}`] = pDif;
    out[`v_dif_${nome}`] = roundMoneyHalfEven(diferido);
  }
  if (reduz) {
    out[`p_red_${nome}`] = pRed;
    out[`p_aliq_efet_${nome}`] = efetiva.toDecimalPlaces(4, Decimal.ROUND_HALF_EVEN).toFixed();
  }
  out[`v_${nome}`] = valor;
  const taxa = c.exigeTribRegular
    ? `0 % (o cClassTrib ${x.codigo} exige tributação regular: a alíquota do grupo principal é zero)`
    : `${aliquota} % (referência de ${x.ano})${reduz ? ` × (1 - ${pRed} %)` : ''}`;
  const comIs = x.vIs && !x.vIs.isZero() ? ` + IS ${x.vIs.toFixed(2)}` : '';
  regras.push(
    regraTributaria(
      `/ibs_cbs/v_${nome}`,
      valor,
      'ibs_cbs_calculadora_oficial',
      `${nome.toUpperCase().replace('_', ' ')} = ${x.base} (valor da operação sem PIS, COFINS, ICMS, DIFAL e FCP${comIs}) × ${taxa}` +
        `${pDif !== null ? ` - diferimento de ${pDif} % (${out[`v_dif_${nome}`]})` : ''}; ` +
        `cClassTrib ${x.codigo}${x.perfilSemCodigo ? ' (perfil sem classificação: tributação integral)' : ''}; arredondado como a calculadora oficial.`,
      pDif === null ? FONTE_PARTE : FONTE_PARTE_DIFERIDA,
    ),
  );
}

const ZERO = new Decimal(0);
const FONTE_PARTE: FonteTabela = {
  versao: TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS.versao,
  fonte: `${TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS.fonte}; ${FONTE_BASE_IBS_CBS.fonte}`,
};
const FONTE_PARTE_DIFERIDA: FonteTabela = {
  versao: TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS.versao,
  fonte: `${FONTE_PARTE.fonte}; NT 2025.002-RTC, UB23-10/UB42-10/UB61-10 (vDif = vBC × alíquota × pDif)`,
};

// A part's effective rate depends only on its reference rate and reduction, the same few pairs for every item: each
// pair is computed once. The pairs come from the official tables, so the memo stays small.
const EFETIVAS = new Map<string, Decimal>();

/** rate × (1 − pRed/100), in eight decimals. */
function aliquotaEfetiva(aliquota: string, pRed: string): Decimal {
  const chave = `${aliquota}|${pRed}`;
  let efetiva = EFETIVAS.get(chave);
  if (!efetiva) {
    efetiva = oitoCasas(new Decimal(aliquota).times(new Decimal(1).minus(new Decimal(pRed).div(100))));
    EFETIVAS.set(chave, efetiva);
  }
  return efetiva;
}
