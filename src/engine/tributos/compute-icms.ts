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
  const interna = op.ufEmitente === op.ufDestinatario;
  const naoContribuinte = op.contribuinte !== 'contribuinte';
  const rate = () => aliquotaOperacao(item, op, interna);
  const vazio = { vIcms: ZERO, vFcp: ZERO, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };
  if (simples) {
    if (SEM_VALORES_CSOSN.includes(codigo)) return { grupo: { csosn: codigo }, ...vazio };
    if (!interna && naoContribuinte)
      throw new ForaDeCobertura(
        '/icms',
        'DIFAL de empresa do Simples Nacional não é calculado: envie o item em modo informado.',
      );
    const operacao = roundMoney(linha.operacao);
    const grupo: Record<string, string> = { csosn: codigo };
    if (codigo === '101' || codigo === '201')
      Object.assign(grupo, creditoSimples(perfil.aliquota, codigo, operacao, regras));
    if (codigo === '101') return { grupo, ...vazio };
    if (!['201', '202', '203'].includes(codigo))
      throw new ForaDeCobertura(
        '/icms',
        `CSOSN ${codigo} não é calculado: cobertos 101, 102, 103, 201, 202, 203, 300, 400 e 500.`,
      );
    const aliquota = rate();
    // The ST of a Simples Nacional seller deducts the ICMS the operation would carry at the regime normal's rate.
    const proprio = new Decimal(roundMoney(new Decimal(operacao).times(aliquota.aliquota).div(100)));
    Object.assign(
      grupo,
      computeIcmsSt(item, op, linha.operacao.plus(vIpi), proprio, interna ? null : aliquota.aliquota, regras),
    );
    return { grupo, ...vazio };
  }
  if (SEM_VALORES_CST.includes(codigo)) return { grupo: { cst: codigo }, ...vazio };
  if (codigo !== '00' && codigo !== '10')
    throw new ForaDeCobertura('/icms', `CST ${codigo} do ICMS não é calculado: cobertos 00, 10, 40, 41, 50 e 60.`);
  const ipiNaBase = naoContribuinte || op.operacao === 'venda_consumidor_final';
  const base = roundMoney(ipiNaBase ? linha.operacao.plus(vIpi) : linha.operacao);
  const aliquota = rate();
  const vIcms = new Decimal(roundMoney(new Decimal(base).times(aliquota.aliquota).div(100)));
  const grupo: Record<string, string> = {
    cst: codigo,
    mod_bc: '3',
    v_bc: base,
    p_icms: aliquota.aliquota,
    v_icms: vIcms.toFixed(2),
  };
  regras.push(
    regraTributaria(
      '/icms/v_icms',
      vIcms.toFixed(2),
      aliquota.regra,
      `ICMS = ${base} (valor da operação${ipiNaBase ? ' com o IPI, destinatário consumidor final' : ''}) × ${aliquota.aliquota} % (${aliquota.motivo})`,
      { versao: aliquota.tabela.versao, fonte: `${aliquota.tabela.fonte}; base: ${FONTE_BASE.fonte}` },
    ),
  );
  let vFcp = ZERO;
  const fcp = interna ? aliquotaIcmsInterna(op.ufEmitente, op.dia) : null;
  if (fcp?.fcp) {
    vFcp = new Decimal(roundMoney(new Decimal(base).times(fcp.fcp).div(100)));
    if (codigo === '10') grupo.v_bc_fcp = base;
    Object.assign(grupo, { p_fcp: fcp.fcp, v_fcp: vFcp.toFixed(2) });
    regras.push(
      regraTributaria(
        '/icms/v_fcp',
        vFcp.toFixed(2),
        `icms_${op.ufEmitente.toLowerCase()}_fcp_geral`,
        `FCP = ${base} × ${fcp.fcp} % (FCP geral de ${op.ufEmitente}).`,
        fcp,
      ),
    );
  }
  if (codigo === '10') {
    Object.assign(
      grupo,
      computeIcmsSt(item, op, linha.operacao.plus(vIpi), vIcms, interna ? null : aliquota.aliquota, regras),
    );
    return { grupo, vIcms, vFcp, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };
  }
  if (interna || op.contribuinte !== 'nao_contribuinte')
    return { grupo, vIcms, vFcp, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };
  const icmsUfDest = computeDifal(op, base, aliquota.aliquota, regras);
  return {
    grupo,
    icmsUfDest,
    vIcms,
    vFcp,
    vIcmsUfDest: new Decimal(icmsUfDest.v_icms_uf_dest!),
    vFcpUfDest: new Decimal(icmsUfDest.v_fcp_uf_dest ?? 0),
  };
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
