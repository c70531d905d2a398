import { Decimal } from 'decimal.js';
import { aliquotaIcmsInterna } from './aliquota-icms-interna.js';
import { aliquotaInterestadual } from './aliquota-interestadual.js';
import { computeDifal } from './compute-difal.js';
import { computeIcmsSt } from './compute-icms-st.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type FonteTabela, type RegraTributaria } from './regra-tributaria.js';
import { roundMoney } from './round-money.js';
import type { ValoresDaLinha } from './valores-da-linha.js';

export interface IcmsCalculado {
  /** The item's `icms` group as the `informado` request spells it. */
  grupo: Record<string, string>;
  icmsUfDest?: Record<string, string>;
  /** vICMS and vFCP of the item (zero when the group has none), which the PIS/COFINS and IBS/CBS bases leave out. */
  vIcms: Decimal;
  vFcp: Decimal;
  vIcmsUfDest: Decimal;
  vFcpUfDest: Decimal;
}

const SEM_VALORES_CST = ['40', '41', '50', '60'];
const SEM_VALORES_CSOSN = ['102', '103', '300', '400', '500'];
const ZERO = new Decimal(0);

const FONTE_BASE: FonteTabela = {
  versao: 'lc-87-1996',
  fonte:
    'LC 87/1996, art. 13, I, § 1º e § 2º (IPI fora da base só entre contribuintes, para revenda ou industrialização)',
};
const FONTE_SN: FonteTabela = {
  versao: 'lc-123-2006',
  fonte: 'LC 123/2006, art. 23, § 1º (crédito do adquirente pela alíquota do Simples Nacional)',
};

/** What each step of an item's ICMS reads. */
interface IcmsDoItem {
  item: ItemTributavel;
  op: OperacaoTributavel;
  linha: ValoresDaLinha;
  vIpi: Decimal;
  regras: RegraTributaria[];
  /** The profile's CSOSN (Simples Nacional and MEI) or CST (regime normal). */
  codigo: string;
  /** Issuer and recipient in the same UF. */
  interna: boolean;
}

/** The item's own ICMS of regime normal: its base, its rate and its value. */
interface IcmsProprio {
  base: string;
  aliquota: string;
  vIcms: Decimal;
}

const SEM_VALORES = { vIcms: ZERO, vFcp: ZERO, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };

/**
 * The item's ICMS. Regime normal (CST): 00 at the UF's internal rate (or the product's own rate) inside the UF and
 * at the interstate rate between UFs (4 % for imported goods), with the UF's general FCP inside it; 10 adds the
 * ICMS-ST; 40, 41, 50 and 60 carry no amount. An interstate sale to a non-contributor adds ICMSUFDest (DIFAL).
 * Simples Nacional (CSOSN): 101 with the credit at the profile's rate, 102, 103, 300, 400 and 500 without amounts,
 * 201, 202 and 203 with the ICMS-ST (less the ICMS the sale would carry at the regime normal's rate).
 */
export function computeIcms(
  item: ItemTributavel,
  op: OperacaoTributavel,
  linha: ValoresDaLinha,
  vIpi: Decimal,
  regras: RegraTributaria[],
): IcmsCalculado {
  const simples = op.regime === 'simples_nacional' || op.regime === 'mei';
  const perfil = item.perfil.icms ?? {};
  const codigo = simples ? perfil.csosn : perfil.cst;
  if (!codigo)
    throw new ForaDeCobertura('/icms', `O perfil tributário do produto não tem ${simples ? 'CSOSN' : 'CST'} de ICMS.`);
  const icms: IcmsDoItem = { item, op, linha, vIpi, regras, codigo, interna: op.ufEmitente === op.ufDestinatario };
  return simples ? computeIcmsSimples(icms) : computeIcmsRegimeNormal(icms);
}

/** CSOSN of the Simples Nacional: no amount of its own; the buyer's credit (101, 201) and the ICMS-ST (201 to 203). */
function computeIcmsSimples(icms: IcmsDoItem): IcmsCalculado {
  const { item, op, codigo, regras } = icms;
  if (SEM_VALORES_CSOSN.includes(codigo)) return { grupo: { csosn: codigo }, ...SEM_VALORES };
  if (!icms.interna && op.contribuinte !== 'contribuinte')
    throw new ForaDeCobertura(
      '/icms',
      'DIFAL de empresa do Simples Nacional não é calculado: envie o item em modo informado.',
    );
  const operacao = roundMoney(icms.linha.operacao);
  const grupo: Record<string, string> = { csosn: codigo };
  if (codigo === '101' || codigo === '201')
    Object.assign(grupo, creditoSimples(item.perfil.icms?.aliquota, codigo, operacao, regras));
  if (codigo === '101') return { grupo, ...SEM_VALORES };
  if (!['201', '202', '203'].includes(codigo))
    throw new ForaDeCobertura(
      '/icms',
      `CSOSN ${codigo} não é calculado: cobertos 101, 102, 103, 201, 202, 203, 300, 400 e 500.`,
    );
  const aliquota = aliquotaOperacao(item, op, icms.interna).aliquota;
  // The ST of a Simples Nacional seller deducts the ICMS the operation would carry at the regime normal's rate.
  const proprio = new Decimal(roundMoney(new Decimal(operacao).times(aliquota).div(100)));
  Object.assign(grupo, icmsStDoItem(icms, proprio, aliquota));
  return { grupo, ...SEM_VALORES };
}

/** CST of regime normal: 00 and 10 with the item's own ICMS and FCP, 10 with the ICMS-ST, 00 with the DIFAL. */
function computeIcmsRegimeNormal(icms: IcmsDoItem): IcmsCalculado {
  const { op, codigo } = icms;
  if (SEM_VALORES_CST.includes(codigo)) return { grupo: { cst: codigo }, ...SEM_VALORES };
  if (codigo !== '00' && codigo !== '10')
    throw new ForaDeCobertura('/icms', `CST ${codigo} do ICMS não é calculado: cobertos 00, 10, 40, 41, 50 e 60.`);
  const proprio = icmsProprio(icms);
  const { base, aliquota, vIcms } = proprio;
  const grupo: Record<string, string> = {
    cst: codigo,
    mod_bc: '3',
    v_bc: base,
    p_icms: aliquota,
    v_icms: vIcms.toFixed(2),
  };
  const vFcp = fcpGeral(icms, base, grupo);
  if (codigo === '10') {
    Object.assign(grupo, icmsStDoItem(icms, vIcms, aliquota));
    return { grupo, vIcms, vFcp, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };
  }
  if (icms.interna || op.contribuinte !== 'nao_contribuinte')
    return { grupo, vIcms, vFcp, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };
  const icmsUfDest = computeDifal(op, base, aliquota, icms.regras);
  return {
    grupo,
    icmsUfDest,
    vIcms,
    vFcp,
    vIcmsUfDest: new Decimal(icmsUfDest.v_icms_uf_dest!),
    vFcpUfDest: new Decimal(icmsUfDest.v_fcp_uf_dest ?? 0),
  };
}

/** The item's own ICMS: the operation's value (with the IPI for a final consumer) at the operation's rate. */
function icmsProprio(icms: IcmsDoItem): IcmsProprio {
  const { item, op, linha } = icms;
  const ipiNaBase = op.contribuinte !== 'contribuinte' || op.operacao === 'venda_consumidor_final';
  const base = roundMoney(ipiNaBase ? linha.operacao.plus(icms.vIpi) : linha.operacao);
  const aliquota = aliquotaOperacao(item, op, icms.interna);
  const vIcms = new Decimal(roundMoney(new Decimal(base).times(aliquota.aliquota).div(100)));
  icms.regras.push(
    regraTributaria(
      '/icms/v_icms',
      vIcms.toFixed(2),
      aliquota.regra,
      `ICMS = ${base} (valor da operação${ipiNaBase ? ' com o IPI, destinatário consumidor final' : ''}) × ${aliquota.aliquota} % (${aliquota.motivo})`,
      { versao: aliquota.tabela.versao, fonte: `${aliquota.tabela.fonte}; base: ${FONTE_BASE.fonte}` },
    ),
  );
  return { base, aliquota: aliquota.aliquota, vIcms };
}

/** The issuer's UF's general FCP on the ICMS base, inside the UF only; its members join `grupo`. Zero without one. */
function fcpGeral(icms: IcmsDoItem, base: string, grupo: Record<string, string>): Decimal {
  const { op } = icms;
  const fcp = icms.interna ? aliquotaIcmsInterna(op.ufEmitente, op.dia) : null;
  if (!fcp?.fcp) return ZERO;
  const vFcp = new Decimal(roundMoney(new Decimal(base).times(fcp.fcp).div(100)));
  if (icms.codigo === '10') grupo.v_bc_fcp = base;
  Object.assign(grupo, { p_fcp: fcp.fcp, v_fcp: vFcp.toFixed(2) });
  icms.regras.push(
    regraTributaria(
      '/icms/v_fcp',
      vFcp.toFixed(2),
      `icms_${op.ufEmitente.toLowerCase()}_fcp_geral`,
      `FCP = ${base} × ${fcp.fcp} % (FCP geral de ${op.ufEmitente}).`,
      fcp,
    ),
  );
  return vFcp;
}

/** The item's ICMS-ST on the operation with its IPI, less `icmsProprio`; the MVA is adjusted between UFs. */
function icmsStDoItem(icms: IcmsDoItem, icmsProprio: Decimal, aliquota: string): Record<string, string> {
  const operacao = {
    operacaoComIpi: icms.linha.operacao.plus(icms.vIpi),
    icmsProprio,
    aliquotaInter: icms.interna ? null : aliquota,
  };
  return computeIcmsSt(icms.item, icms.op, operacao, icms.regras);
}

/** The rate of the item's own ICMS: the product's rate or the UF's modal rate inside the UF, the interstate rate between UFs. */
function aliquotaOperacao(item: ItemTributavel, op: OperacaoTributavel, interna: boolean) {
  const uf = op.ufEmitente.toLowerCase();
  if (!interna) {
    const inter = aliquotaInterestadual(op.ufEmitente, op.ufDestinatario, item.origem);
    return {
      aliquota: inter.aliquota,
      tabela: inter as FonteTabela,
      regra: inter.importado
        ? `icms_${uf}_interestadual_importado`
        : `icms_${uf}_interestadual_${op.ufDestinatario.toLowerCase()}`,
      motivo: inter.importado
        ? `interestadual de 4 % para mercadoria de origem ${item.origem}, importada ou com conteúdo de importação acima de 40 %`
        : `interestadual de ${op.ufEmitente} para ${op.ufDestinatario}`,
    };
  }
  const modal = aliquotaIcmsInterna(op.ufEmitente, op.dia);
  const propria = item.perfil.icms?.aliquota;
  if (propria) {
    return {
      aliquota: propria,
      tabela: {
        versao: 'perfil-do-produto',
        fonte: 'alíquota do perfil tributário do produto (tributacao.icms.aliquota)',
      },
      regra: `icms_${uf}_aliquota_do_produto`,
      motivo: 'alíquota interna própria do produto, do seu perfil tributário',
    };
  }
  return {
    aliquota: modal.aliquota,
    tabela: modal as FonteTabela,
    regra: `icms_${uf}_aliquota_interna`,
    motivo: `alíquota interna modal de ${op.ufEmitente}`,
  };
}

function creditoSimples(
  aliquota: string | undefined,
  csosn: string,
  base: string,
  regras: RegraTributaria[],
): Record<string, string> {
  if (!aliquota)
    throw new ForaDeCobertura(
      '/icms',
      `CSOSN ${csosn} exige a alíquota de crédito do Simples Nacional (tributacao.icms.aliquota do produto).`,
    );
  const valor = roundMoney(new Decimal(base).times(aliquota).div(100));
  regras.push(
    regraTributaria(
      '/icms/v_cred_icmssn',
      valor,
      'icms_simples_nacional_credito',
      `Crédito de ICMS do adquirente = ${base} × ${aliquota} % (alíquota do Simples Nacional).`,
      FONTE_SN,
    ),
  );
  return { p_cred_sn: aliquota, v_cred_icmssn: valor };
}
