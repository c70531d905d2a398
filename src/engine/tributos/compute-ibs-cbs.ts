import { Decimal } from 'decimal.js';
import {
  aliquotasReferenciaIbsCbs,
  TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS,
} from '../tabelas/aliquotas-referencia-ibs-cbs.js';
import { classificacaoAplicavel, classificacaoIbsCbs, classificacaoVigente } from '../tabelas/classificacao-ibs-cbs.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type FonteTabela, type RegraTributaria } from './regra-tributaria.js';
import { roundMoney, roundMoneyHalfEven } from './round-money.js';

/** The amounts of the item the IBS/CBS base leaves out. */
export interface ForaDaBaseIbsCbs {
  operacao: Decimal;
  vPis: Decimal;
  vCofins: Decimal;
  vIcms: Decimal;
  vFcp: Decimal;
  vIcmsUfDest: Decimal;
  vFcpUfDest: Decimal;
}

const GRUPOS_COBERTOS = ['gIBSCBS', 'gRed'];

export const FONTE_BASE_IBS_CBS: FonteTabela = {
  versao: 'nt-2025.002-rtc-v1.30',
  fonte:
    'LC 214/2025, art. 12; NT 2025.002-RTC, UB16: vBC = vProd + vFrete + vSeg + vOutro − vDesc − vPIS − vCOFINS − vICMS − vICMSUFDest − vFCP − vFCPUFDest',
};

/**
 * IBS and CBS of the item (NT 2025.002-RTC group UB), as the Receita Federal's calculator computes them: the
 * classification (cClassTrib of the product's profile, 000001 "tributação integral" by default) says the CST and
 * the groups; the rates are the reference rates of the issue date's year; each rate is reduced by the code's
 * pRed (effective rate = rate × (1 − pRed/100), group gRed); each value is base × effective rate, rounded half
 * to even. vIBS is the sum of the printed state and municipal parts, the same sum the layout checks.
 */
export function computeIbsCbs(
  item: ItemTributavel,
  op: OperacaoTributavel,
  foraDaBase: ForaDaBaseIbsCbs,
  regras: RegraTributaria[],
): Record<string, string> {
  const perfil = item.perfil.ibsCbs;
  const codigo = perfil?.cClassTrib ?? '000001';
  const c = classificacaoIbsCbs(codigo);
  if (!c)
    throw new ForaDeCobertura('/ibs_cbs', `cClassTrib ${codigo} não existe na tabela de classificação do IBS/CBS.`);
  if (perfil?.cst && perfil.cst !== c.cst)
    throw new ForaDeCobertura(
      '/ibs_cbs',
      `O cClassTrib ${codigo} é do CST ${c.cst}, não do CST ${perfil.cst} do perfil do produto.`,
    );
  if (!c.validoNfe || !classificacaoVigente(c, op.dia))
    throw new ForaDeCobertura('/ibs_cbs', `O cClassTrib ${codigo} não vale na NF-e em ${op.dia}.`);
  if (!classificacaoAplicavel(c, 'NCM', item.ncm, op.dia))
    throw new ForaDeCobertura('/ibs_cbs', `O cClassTrib ${codigo} não se aplica ao NCM ${item.ncm}.`);
  const fora = c.grupos.filter((g) => !GRUPOS_COBERTOS.includes(g));
  if (fora.length || c.exigeTribRegular) {
    throw new ForaDeCobertura(
      '/ibs_cbs',
      `O cClassTrib ${codigo} exige ${[...fora, ...(c.exigeTribRegular ? ['gTribRegular'] : [])].join(', ')}, que o motor não calcula.`,
    );
  }
  if (!c.grupos.includes('gIBSCBS')) return { cst: c.cst, c_class_trib: codigo };
  if (c.aliquotaFixa.CBS.length || c.aliquotaFixa.IBSUF.length || c.aliquotaFixa.IBSMun.length) {
    throw new ForaDeCobertura(
      '/ibs_cbs',
      `O cClassTrib ${codigo} tem alíquota fixa ou setorial, que o motor não calcula.`,
    );
  }
  const aliquotas = aliquotasReferenciaIbsCbs(op.dia);
  if (!aliquotas) throw new ForaDeCobertura('/ibs_cbs', `Sem alíquotas de referência do IBS/CBS para ${op.dia}.`);
  const f = foraDaBase;
  const base = roundMoney(
    f.operacao.minus(f.vPis).minus(f.vCofins).minus(f.vIcms).minus(f.vIcmsUfDest).minus(f.vFcp).minus(f.vFcpUfDest),
  );
  const reduz = c.grupos.includes('gRed');
  const out: Record<string, string> = { cst: c.cst, c_class_trib: codigo, v_bc: base };
  const ano = op.dia.slice(0, 4);
  const parte = (nome: 'ibs_uf' | 'ibs_mun' | 'cbs', aliquota: string, pRed: string) => {
    const efetiva = new Decimal(aliquota).times(new Decimal(1).minus(new Decimal(pRed).div(100)));
    const valor = roundMoneyHalfEven(new Decimal(base).times(efetiva).div(100));
    out[`p_${nome}`] = aliquota;
    out[`v_${nome}`] = valor;
    if (reduz) {
      out[`p_red_${nome}`] = pRed;
      out[`p_aliq_efet_${nome}`] = efetiva.toDecimalPlaces(4, Decimal.ROUND_HALF_EVEN).toFixed();
    }
    regras.push(
      regraTributaria(
        `/ibs_cbs/v_${nome}`,
        valor,
        'ibs_cbs_calculadora_oficial',
        `${nome.toUpperCase().replace('_', ' ')} = ${base} (valor da operação sem PIS, COFINS, ICMS, DIFAL e FCP) × ${aliquota} % (referência de ${ano})${reduz ? ` × (1 − ${pRed} %)` : ''}; ` +
          `cClassTrib ${codigo}${perfil?.cClassTrib ? '' : ' (perfil sem classificação: tributação integral)'}; arredondado como a calculadora oficial.`,
        {
          versao: TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS.versao,
          fonte: `${TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS.fonte}; ${FONTE_BASE_IBS_CBS.fonte}`,
        },
      ),
    );
  };
  parte('ibs_uf', aliquotas.IBSUF, c.pRedIBSUF);
  parte('ibs_mun', aliquotas.IBSMun, c.pRedIBSMun);
  parte('cbs', aliquotas.CBS, c.pRedCBS);
  out.v_ibs = new Decimal(out.v_ibs_uf!).plus(out.v_ibs_mun!).toFixed(2);
  return out;
}
