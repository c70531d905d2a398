import { Decimal } from 'decimal.js';
import { aliquotaIcmsInterna } from './aliquota-icms-interna.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import { mvaSt } from './mva-st.js';
import { regraTributaria, type FonteTabela, type RegraTributaria } from './regra-tributaria.js';
import { moneyHalfUp } from './round-money.js';

/** The amounts of the seller's own operation that the ICMS-ST starts from. */
export interface IcmsStDaOperacao {
  /** The operation's value plus the item's IPI. */
  operacaoComIpi: Decimal;
  /** The seller's own ICMS, deducted from the retained one (zero for an exempt operation, CST 30). */
  icmsProprio: Decimal;
  /** The interstate rate between UFs, which adjusts the MVA; null inside the UF. */
  aliquotaInter: string | null;
}

/** The ICMS-ST of an item: the group's members and the amounts the note's totals carry. */
export interface IcmsSt {
  grupo: Record<string, string>;
  vSt: Decimal;
  vFcpSt: Decimal;
}

const FONTE_ST = 'Convênio ICMS 142/2018, cláusulas décima terceira e décima quarta';
const FONTE_PERFIL: FonteTabela = {
  versao: 'perfil-do-produto',
  fonte: 'perfil tributário do produto com as regras tributárias da empresa (tributacao.icms)',
};

/**
 * ICMS-ST retained by the seller as substitute (Convênio ICMS 142/2018, cl. 13ª and 14ª): base = (operation's value
 * + IPI) × (1 + MVA) × (1 − pRedBCST), the destination's internal rate on it, less the seller's own ICMS; FCP-ST on
 * the same base. Each member comes from the item's profile (with the company's rules merged over it) when it has
 * one: `mva` as given, `aliquota_st`, `reducao_bc_st`, `fcp_st`; otherwise the official margin table (mvaSt), the
 * rate and FCP it states, the destination's modal rate and general FCP. Only for a contributor recipient: the
 * retention is of the operations that follow.
 */
export function computeIcmsSt(
  item: ItemTributavel,
  op: OperacaoTributavel,
  operacao: IcmsStDaOperacao,
  regras: RegraTributaria[],
): IcmsSt {
  const { operacaoComIpi, icmsProprio, aliquotaInter } = operacao;
  if (op.contribuinte !== 'contribuinte') {
    throw new ForaDeCobertura(
      '/icms',
      'ICMS-ST só é retido na venda a contribuinte (destinatario.contribuinte = contribuinte); a venda a consumidor final não tem operações seguintes.',
    );
  }
  const perfil = item.perfil.icms ?? {};
  const uf = op.ufDestinatario.toLowerCase();
  const destino = aliquotaIcmsInterna(op.ufDestinatario, op.dia);
  const tabela = perfil.mva
    ? null
    : mvaSt({
        cest: item.cest,
        ncm: item.ncm,
        ufOrigem: op.ufEmitente,
        ufDestino: op.ufDestinatario,
        aliquotaInter,
        aliquotaInternaDestino: destino.aliquota,
        remetenteIndustrial: item.perfil.ipi !== undefined,
      });
  const mva = perfil.mva ?? tabela!.mva;
  const aliquota = perfil.aliquotaSt ?? tabela?.aliquotaInterna ?? destino.aliquota;
  const reducao = perfil.reducaoBcSt;
  const cheia = operacaoComIpi.times(new Decimal(mva).div(100).plus(1));
  const vBcSt = moneyHalfUp(reducao ? cheia.times(new Decimal(100).minus(reducao)).div(100) : cheia);
  const base = vBcSt.toFixed(2);
  const vSt = moneyHalfUp(Decimal.max(vBcSt.times(aliquota).div(100).minus(icmsProprio), 0));
  const valor = vSt.toFixed(2);
  const grupo: Record<string, string> = {
    mod_bc_st: '4',
    p_mva_st: new Decimal(mva).toFixed(2),
    ...(reducao ? { p_red_bc_st: reducao } : {}),
    v_bc_st: base,
    p_icms_st: aliquota,
    v_icms_st: valor,
  };
  const margem = tabela ? tabela.como : 'MVA do perfil tributário (tributacao.icms.mva)';
  const fonte = tabela ? { versao: tabela.versao, fonte: tabela.fonte } : FONTE_PERFIL;
  regras.push(
    regraTributaria(
      '/icms/v_icms_st',
      valor,
      tabela ? `icms_st_${uf}_mva_${tabela.tipo}` : `icms_st_${uf}_mva_do_perfil`,
      `ICMS-ST = ${base} (valor da operação com IPI ${operacaoComIpi.toFixed(2)} × (1 + ${mva} %, ${margem})${reducao ? ` × (1 - ${reducao} % de redução)` : ''}) × ${aliquota} % (${perfil.aliquotaSt ? 'alíquota do perfil' : `alíquota interna de ${op.ufDestinatario}`}) - ${icmsProprio.toFixed(2)} (ICMS próprio).`,
      { versao: fonte.versao, fonte: `${fonte.fonte}; cálculo: ${FONTE_ST}; alíquota: ${destino.fonte}` },
    ),
  );
  const fcp = perfil.fcpSt ?? tabela?.fcpSt ?? destino.fcp;
  if (!fcp || new Decimal(fcp).isZero()) return { grupo, vSt, vFcpSt: new Decimal(0) };
  const vFcpSt = moneyHalfUp(vBcSt.times(fcp).div(100));
  const vFcp = vFcpSt.toFixed(2);
  Object.assign(grupo, { v_bc_fcp_st: base, p_fcp_st: fcp, v_fcp_st: vFcp });
  const origemFcp = perfil.fcpSt
    ? 'do perfil tributário'
    : tabela?.fcpSt
      ? `da tabela de margens de ${op.ufDestinatario}`
      : `FCP geral de ${op.ufDestinatario}`;
  regras.push(
    regraTributaria(
      '/icms/v_fcp_st',
      vFcp,
      perfil.fcpSt ? `icms_${uf}_fcp_st_do_perfil` : `icms_${uf}_fcp_st`,
      `FCP-ST = ${base} × ${fcp} % (${origemFcp}).`,
      perfil.fcpSt ? FONTE_PERFIL : tabela?.fcpSt ? tabela : destino,
    ),
  );
  return { grupo, vSt, vFcpSt };
}
