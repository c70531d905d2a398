import { Decimal } from 'decimal.js';
import {
  TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS,
  type AliquotasReferenciaIbsCbs,
} from '../tabelas/aliquotas-referencia-ibs-cbs.js';
import { classificacaoIbsCbs, classificacaoVigente } from '../tabelas/classificacao-ibs-cbs.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type RegraTributaria } from './regra-tributaria.js';
import { roundMoneyHalfEven } from './round-money.js';

const PARTES = [
  { sufixo: 'ibs_uf', tributo: 'IBSUF', pRed: 'pRedIBSUF' },
  { sufixo: 'ibs_mun', tributo: 'IBSMun', pRed: 'pRedIBSMun' },
  { sufixo: 'cbs', tributo: 'CBS', pRed: 'pRedCBS' },
] as const;

/**
 * gTribRegular (NT 2025.002, UB68–UB72d): how the item would be taxed if the suspensive condition of its code
 * failed. The regular classification is the profile's `cClassTribReg` (000001, tributação integral, by default;
 * it must be a taxed code itself); each part's effective rate is the year's reference rate less the regular
 * code's reduction, printed in 4 decimals, and vTribReg = vBC × that rate / 100 (UB72-10, UB72b-10, UB72d-10).
 */
export function tribRegularIbsCbs(
  cClassTribReg: string | undefined,
  base: string,
  op: OperacaoTributavel,
  aliquotas: AliquotasReferenciaIbsCbs,
  regras: RegraTributaria[],
): Record<string, string> {
  const codigo = cClassTribReg ?? '000001';
  const r = classificacaoIbsCbs(codigo);
  if (!r || !r.validoNfe || !classificacaoVigente(r, op.dia) || !r.grupos.includes('gIBSCBS') || r.exigeTribRegular)
    throw new ForaDeCobertura(
      '/ibs_cbs/c_class_trib_reg',
      `O cClassTrib ${codigo} do perfil (ibs_cbs.c_class_trib_reg) não é uma tributação regular da NF-e em ${op.dia}.`,
    );
  const out: Record<string, string> = { cst_reg: r.cst, c_class_trib_reg: codigo };
  for (const { sufixo, tributo, pRed } of PARTES) {
    const efetiva = new Decimal(aliquotas[tributo])
      .times(new Decimal(1).minus(new Decimal(r[pRed]).div(100)))
      .toDecimalPlaces(4, Decimal.ROUND_HALF_EVEN);
    const valor = roundMoneyHalfEven(new Decimal(base).times(efetiva).div(100));
    out[`p_aliq_efet_reg_${sufixo}`] = efetiva.toFixed();
    out[`v_trib_reg_${sufixo}`] = valor;
    regras.push(
      regraTributaria(
        `/ibs_cbs/v_trib_reg_${sufixo}`,
        valor,
        'ibs_cbs_tributacao_regular',
        `Tributação regular (cClassTrib ${codigo}${cClassTribReg ? '' : ', tributação integral por padrão'}): ${base} × ${efetiva.toFixed()} % (referência de ${op.dia.slice(0, 4)}${r[pRed] !== '0' ? ` menos ${r[pRed]} %` : ''}).`,
        {
          versao: TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS.versao,
          fonte: `${TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS.fonte}; NT 2025.002-RTC, UB68-10 e UB72-10/UB72b-10/UB72d-10 (vTribReg = vBC × pAliqEfetReg / 100)`,
        },
      ),
    );
  }
  return out;
}
