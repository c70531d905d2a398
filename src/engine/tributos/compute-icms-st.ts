import { Decimal } from 'decimal.js';
import { aliquotaIcmsInterna } from './aliquota-icms-interna.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import { mvaSt } from './mva-st.js';
import { regraTributaria, type RegraTributaria } from './regra-tributaria.js';
import { roundMoney } from './round-money.js';

/** The amounts of the seller's own operation that the ICMS-ST starts from. */
export interface IcmsStDaOperacao {
  /** The operation's value plus the item's IPI. */
  operacaoComIpi: Decimal;
  /** The seller's own ICMS, deducted from the retained one. */
  icmsProprio: Decimal;
  /** The interstate rate between UFs, which adjusts the MVA; null inside the UF. */
  aliquotaInter: string | null;
}

/**
 * ICMS-ST retained by the seller as substitute (Convênio ICMS 142/2018, cláusulas décima terceira e décima quarta):
 * base = (operation's value + IPI) × (1 + MVA), the destination's internal rate on it, less the seller's own ICMS
 * (`icmsProprio`); the destination's general FCP, when it has one, on the same base. MVA original inside the UF,
 * adjusted between UFs (mvaSt). Only for a contributor recipient: the retention is of the operations that follow.
 */
export function computeIcmsSt(
  item: ItemTributavel,
  op: OperacaoTributavel,
  operacao: IcmsStDaOperacao,
  regras: RegraTributaria[],
): Record<string, string> {
  const { operacaoComIpi, icmsProprio, aliquotaInter } = operacao;
  if (op.contribuinte !== 'contribuinte') {
    throw new ForaDeCobertura(
      '/icms',
      'ICMS-ST só é retido na venda a contribuinte (destinatario.contribuinte = contribuinte); a venda a consumidor final não tem operações seguintes.',
    );
  }
  const uf = op.ufDestinatario.toLowerCase();
  const mva = mvaSt(item.cest, op.ufEmitente, op.ufDestinatario, aliquotaInter);
  const interna = aliquotaIcmsInterna(op.ufDestinatario, op.dia);
  const base = roundMoney(operacaoComIpi.times(new Decimal(mva.mva).div(100).plus(1)));
  const bruto = new Decimal(base).times(interna.aliquota).div(100);
  const valor = roundMoney(Decimal.max(bruto.minus(icmsProprio), 0));
  const out: Record<string, string> = {
    mod_bc_st: '4',
    p_mva_st: mva.mva,
    v_bc_st: base,
    p_icms_st: interna.aliquota,
    v_icms_st: valor,
  };
  const margem =
    mva.tipo === 'ajustada'
      ? `MVA ajustada de ${op.ufDestinatario} à alíquota interestadual de ${aliquotaInter} %`
      : `MVA original de ${op.ufDestinatario}`;
  regras.push(
    regraTributaria(
      '/icms/v_icms_st',
      valor,
      `icms_st_${uf}_mva_${mva.tipo}`,
      `ICMS-ST = ${base} (valor da operação com IPI × (1 + ${mva.mva} %, ${margem})) × ${interna.aliquota} % (alíquota interna de ${op.ufDestinatario}) − ${icmsProprio.toFixed(2)} (ICMS próprio).`,
      { versao: mva.versao, fonte: `${mva.fonte}; alíquota: ${interna.fonte}` },
    ),
  );
  if (interna.fcp) {
    const fcp = roundMoney(new Decimal(base).times(interna.fcp).div(100));
    Object.assign(out, { v_bc_fcp_st: base, p_fcp_st: interna.fcp, v_fcp_st: fcp });
    regras.push(
      regraTributaria(
        '/icms/v_fcp_st',
        fcp,
        `icms_${uf}_fcp_geral`,
        `FCP-ST = ${base} × ${interna.fcp} % (FCP geral de ${op.ufDestinatario}).`,
        interna,
      ),
    );
  }
  return out;
}
