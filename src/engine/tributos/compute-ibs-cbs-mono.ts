import { Decimal } from 'decimal.js';
import { TABELA_CLASSIFICACAO_IBS_CBS, type ClassificacaoIbsCbs } from '../tabelas/classificacao-ibs-cbs.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, MonofasiaInformada, OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type RegraTributaria } from './regra-tributaria.js';
import { roundMoneyHalfEven } from './round-money.js';

/** The quantity subgroups of gIBSCBSMono and the suffix of their members. */
const POR_QUANTIDADE = [
  { grupo: 'gMonoPadrao', sufixo: '' },
  { grupo: 'gMonoReten', sufixo: '_reten' },
  { grupo: 'gMonoRet', sufixo: '_ret' },
] as const;

const FONTE_MONO = {
  versao: TABELA_CLASSIFICACAO_IBS_CBS.versao,
  fonte: `${TABELA_CLASSIFICACAO_IBS_CBS.fonte}; NT 2025.002-RTC, grupo gIBSCBSMono (UB84-UB105): valor = quantidade × alíquota ad rem; vTotIBSMonoItem = vIBSMono + vIBSMonoReten - vIBSMonoDif (UB104-10), vTotCBSMonoItem idem (UB105-10)`,
};

/**
 * gIBSCBSMono of a monophasic code (CST 620), as the calculator computes by quantity: each subgroup the cClassTrib
 * asks for (ind_gMonoPadrao, ind_gMonoReten, ind_gMonoRet) is quantity × ad rem rate (reais per unit), the product
 * in eight decimals and the amount printed half to even; the item's totals are the printed standard plus withheld
 * amounts (UB104-10/UB105-10). The ad rem rates are set by law per product and year, and the official data (the
 * classification table and the reference rates) carries none: only rates the caller itself sent (`conferir` of
 * an informed item, `mono`) are used, and otherwise the item is refused naming the missing rate. A code without
 * subgroups ("sem alíquota", 620007: base expression 0) has totals of zero. (The deferral, gMonoDif, has neither
 * base nor percentage in the data: classificacaoCoberta refuses it.)
 */
export function computeIbsCbsMono(
  c: ClassificacaoIbsCbs,
  item: ItemTributavel,
  op: OperacaoTributavel,
  regras: RegraTributaria[],
): Record<string, string> {
  const out: Record<string, string> = { cst: c.cst, c_class_trib: c.cClassTrib };
  const informada = item.perfil.ibsCbs?.mono;
  const totais = { ibs: new Decimal(0), cbs: new Decimal(0) };
  for (const { grupo, sufixo } of POR_QUANTIDADE) {
    if (!c.grupos.includes(grupo)) continue;
    const taxas = taxasAdRem(informada, sufixo);
    if (!taxas) throw semAdRem(c, grupo, item, op);
    const { q, ibs, cbs } = taxas;
    out[`q_bc_mono${sufixo}`] = q;
    for (const [t, taxa] of [
      ['ibs', ibs],
      ['cbs', cbs],
    ] as const) {
      const valor = roundMoneyHalfEven(new Decimal(q).times(taxa));
      out[`ad_rem_${t}${sufixo}`] = taxa;
      out[`v_${t}_mono${sufixo}`] = valor;
      // The amount withheld before (gMonoRet) was charged earlier: it stays out of the item's total.
      if (grupo !== 'gMonoRet') totais[t] = totais[t].plus(valor);
      regras.push(
        regraTributaria(
          `/ibs_cbs/v_${t}_mono${sufixo}`,
          valor,
          'ibs_cbs_monofasico',
          `${t.toUpperCase()} monofásico (${grupo}) = ${q} × ${taxa} por unidade (alíquota ad rem enviada no item); cClassTrib ${c.cClassTrib}; arredondado como a calculadora oficial.`,
          FONTE_MONO,
        ),
      );
    }
  }
  for (const t of ['ibs', 'cbs'] as const) {
    const valor = totais[t].toFixed(2);
    out[`v_tot_${t}_mono_item`] = valor;
    regras.push(
      regraTributaria(
        `/ibs_cbs/v_tot_${t}_mono_item`,
        valor,
        'ibs_cbs_monofasico',
        c.grupos.some((g) => g.startsWith('gMono'))
          ? `Total monofásico do item: v_${t}_mono + v_${t}_mono_reten (${valor}).`
          : `O cClassTrib ${c.cClassTrib} é monofásico sem alíquota (base 0 na tabela de classificação): total ${valor}.`,
        FONTE_MONO,
      ),
    );
  }
  return out;
}

/** The quantity and ad rem rates of one subgroup the caller sent, or null when any is missing. */
function taxasAdRem(
  informada: MonofasiaInformada | undefined,
  sufixo: string,
): { q: string; ibs: string; cbs: string } | null {
  const q = informada?.[`q_bc_mono${sufixo}`];
  const ibs = informada?.[`ad_rem_ibs${sufixo}`];
  const cbs = informada?.[`ad_rem_cbs${sufixo}`];
  return q !== undefined && ibs !== undefined && cbs !== undefined ? { q, ibs, cbs } : null;
}

/** The refusal naming the ad rem rates of a subgroup the official data lacks for the item's NCM and year. */
function semAdRem(c: ClassificacaoIbsCbs, grupo: string, item: ItemTributavel, op: OperacaoTributavel) {
  const fim = grupo === 'gMonoPadrao' ? '' : grupo === 'gMonoReten' ? 'Reten' : 'Ret';
  return new ForaDeCobertura(
    '/ibs_cbs',
    `Sem alíquota ad rem do IBS (adRemIBS${fim}) nem da CBS (adRemCBS${fim}) de ${op.dia.slice(0, 4)} para o NCM ${item.ncm}: o cClassTrib ${c.cClassTrib} é monofásico (${grupo}), cobrado por quantidade, e os dados oficiais (tabela de classificação e alíquotas de referência da calculadora da Receita) não trazem alíquota ad rem; o motor não a adivinha.`,
  );
}
