import { Decimal } from 'decimal.js';
import { classificacaoImpostoSeletivo, impostoSeletivoVigente } from '../tabelas/classificacao-imposto-seletivo.js';
import { TABELA_CLASSIFICACAO_IBS_CBS } from '../tabelas/classificacao-ibs-cbs.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type RegraTributaria } from './regra-tributaria.js';
import { roundMoneyHalfEven } from './round-money.js';

/** The Imposto Seletivo starts with 2027 (LC 214/2025; NT 2025.002 group UB01 "IS", rules UB01–UB11). */
export const INICIO_IMPOSTO_SELETIVO = '2027-01-01';

/** The IS group of an item as the `informado` request spells it, and its value for the IBS/CBS base. */
export interface ImpostoSeletivoDoItem {
  grupo: Record<string, string>;
  vIs: Decimal;
}

/**
 * Imposto Seletivo of the item (group UB01 `IS`), from 2027 and only when the product's profile has `is`: the
 * classification (cClassTribIS of the table's IS rows, with its CST) and the ad valorem rate of the profile,
 * since the table carries no IS rates. vBCIS is the base UB05-10 names (the operation less PIS, COFINS, ICMS,
 * DIFAL and FCP, the same amounts the IBS/CBS base leaves out); vIS = vBCIS × pIS / 100 (UB11-10), kept in eight
 * decimals and rounded half to even like the IBS/CBS. Before 2027 the profile's `is` is not used.
 */
export function computeImpostoSeletivo(
  item: ItemTributavel,
  op: OperacaoTributavel,
  base: string,
  regras: RegraTributaria[],
): ImpostoSeletivoDoItem | null {
  const perfil = item.perfil.is;
  if (!perfil || op.dia < INICIO_IMPOSTO_SELETIVO) return null;
  const codigo = perfil.cClassTrib;
  if (!codigo) throw new ForaDeCobertura('/is', 'O perfil do produto tem is sem cClassTrib do Imposto Seletivo.');
  const c = classificacaoImpostoSeletivo(codigo);
  if (!c) throw new ForaDeCobertura('/is', `cClassTrib ${codigo} não existe na tabela do Imposto Seletivo.`);
  if (perfil.cst && perfil.cst !== c.cst)
    throw new ForaDeCobertura(
      '/is',
      `O cClassTrib ${codigo} do Imposto Seletivo é do CST ${c.cst}, não do CST ${perfil.cst} do perfil do produto.`,
    );
  if (!impostoSeletivoVigente(c, op.dia))
    throw new ForaDeCobertura('/is', `O cClassTrib ${codigo} do Imposto Seletivo não vale em ${op.dia}.`);
  if (perfil.aliquota === undefined)
    throw new ForaDeCobertura(
      '/is',
      `O perfil do produto não traz a alíquota do Imposto Seletivo (is.aliquota) do cClassTrib ${codigo}: a tabela de classificação não tem alíquotas do IS.`,
    );
  const vIs = new Decimal(base).times(perfil.aliquota).div(100).toDecimalPlaces(8, Decimal.ROUND_HALF_EVEN);
  const valor = roundMoneyHalfEven(vIs);
  regras.push(
    regraTributaria(
      '/is/v_is',
      valor,
      'is_aliquota_do_perfil',
      `IS = ${base} (valor da operação sem PIS, COFINS, ICMS, DIFAL e FCP) × ${perfil.aliquota} % (alíquota do perfil do produto); cClassTrib ${codigo} (${c.descricao}).`,
      {
        versao: TABELA_CLASSIFICACAO_IBS_CBS.versao,
        fonte: `${TABELA_CLASSIFICACAO_IBS_CBS.fonte}; NT 2025.002-RTC, UB05-10 (vBCIS) e UB11-10 (vIS = vBCIS × pIS / 100)`,
      },
    ),
  );
  return {
    grupo: { cst_is: c.cst, c_class_trib_is: codigo, v_bc_is: base, p_is: perfil.aliquota, v_is: valor },
    vIs: new Decimal(valor),
  };
}
