import { Decimal } from 'decimal.js';
import { aliquotaIcmsInterna } from './aliquota-icms-interna.js';
import { aliquotaOperacao } from './aliquota-operacao.js';
import type { IcmsDoItem } from './icms-do-item.js';
import { regraTributaria, type FonteTabela } from './regra-tributaria.js';
import { moneyHalfUp } from './round-money.js';
import { TributoRecusado } from './tributo-recusado.js';

/** The item's own ICMS: the group's members, its base and rate, its value and its FCP. */
export interface IcmsProprio {
  grupo: Record<string, string>;
  base: string;
  aliquota: string;
  vIcms: Decimal;
  vFcp: Decimal;
}

const FONTE_BASE: FonteTabela = {
  versao: 'lc-87-1996',
  fonte:
    'LC 87/1996, art. 13, I, § 1º e § 2º (IPI fora da base só entre contribuintes, para revenda ou industrialização)',
};
const FONTE_REDUCAO =
  'redução de base do perfil tributário (tributacao.icms.reducao_bc): LC 24/1975 e o convênio ou a lei da UF que a concede';
// The CSTs whose layout group has pRedBC (ICMS20, ICMS51, ICMS70, ICMS90; ICMSSN900).
const COM_REDUCAO = ['20', '51', '70', '90', '900'];
const ZERO = new Decimal(0);

/**
 * The item's own ICMS: the operation's value (with the IPI for a final consumer), less the profile's base reduction
 * (pRedBC, for the CSTs whose group has it), at the operation's rate; inside the UF the product's FCP or the UF's
 * general FCP on the same base. A rate and fund above 100 % of the base, or a reduction on a CST without one, cannot
 * apply and are refused on the product's profile. `comFcp` false: a group without FCP members (ICMSSN900).
 */
export function computeIcmsProprio(icms: IcmsDoItem, comFcp = true): IcmsProprio {
  const { item, op, linha, codigo } = icms;
  const perfil = item.perfil.icms ?? {};
  const reducao = perfil.reducaoBc;
  if (reducao && !COM_REDUCAO.includes(codigo))
    throw new TributoRecusado(
      '/produto',
      `O perfil tributário tem redução de base (reducao_bc ${reducao} %), mas o CST ${codigo} do ICMS não tem redução.`,
      'Use o CST 20 (ou 70 com ICMS-ST) para a redução de base, ou remova reducao_bc do perfil ou da regra da empresa.',
    );
  const ipiNaBase = op.contribuinte !== 'contribuinte' || op.operacao === 'venda_consumidor_final';
  const cheia = ipiNaBase ? linha.operacao.plus(icms.vIpi) : linha.operacao;
  const vBc = moneyHalfUp(reducao ? cheia.times(new Decimal(100).minus(reducao)).div(100) : cheia);
  const base = vBc.toFixed(2);
  const aliquota = aliquotaOperacao(item, op, icms.interna);
  const fcp = icms.interna && comFcp ? (perfil.fcp ?? aliquotaIcmsInterna(op.ufEmitente, op.dia).fcp) : null;
  if (new Decimal(aliquota.aliquota).plus(fcp ?? 0).gt(100))
    throw new TributoRecusado(
      '/produto',
      `A alíquota de ICMS ${aliquota.aliquota} % com o FCP de ${fcp} % passa de 100 % da base: não há alíquota que se aplique assim.`,
      'Corrija tributacao.icms.aliquota (ou fcp) do produto ou da regra tributária da empresa.',
    );
  const vIcms = moneyHalfUp(vBc.times(aliquota.aliquota).div(100));
  const grupo: Record<string, string> = {
    mod_bc: '3',
    v_bc: base,
    p_icms: aliquota.aliquota,
    v_icms: vIcms.toFixed(2),
  };
  if (reducao) grupo.p_red_bc = reducao;
  const comReducao = reducao ? ` × (1 - ${reducao} % de redução)` : '';
  icms.regras.push(
    regraTributaria(
      '/icms/v_icms',
      vIcms.toFixed(2),
      aliquota.regra,
      `ICMS = ${base} (valor da operação${ipiNaBase ? ' com o IPI, destinatário consumidor final' : ''}${comReducao}) × ${aliquota.aliquota} % (${aliquota.motivo})`,
      {
        versao: aliquota.tabela.versao,
        fonte: `${aliquota.tabela.fonte}; base: ${FONTE_BASE.fonte}${reducao ? `; ${FONTE_REDUCAO}` : ''}`,
      },
    ),
  );
  const vFcp = fcpDoItem(icms, base, fcp, grupo);
  return { grupo, base, aliquota: aliquota.aliquota, vIcms, vFcp };
}

/** The FCP on the ICMS base inside the UF (the product's or the UF's general one); its members join `grupo`. */
function fcpDoItem(icms: IcmsDoItem, base: string, fcp: string | null, grupo: Record<string, string>): Decimal {
  if (!fcp || new Decimal(fcp).isZero()) return ZERO;
  const { op } = icms;
  const vFcp = moneyHalfUp(new Decimal(base).times(fcp).div(100));
  // ICMS00 carries pFCP and vFCP only; the other groups carry the FCP's base too.
  if (icms.codigo !== '00') grupo.v_bc_fcp = base;
  Object.assign(grupo, { p_fcp: fcp, v_fcp: vFcp.toFixed(2) });
  const doPerfil = icms.item.perfil.icms?.fcp !== undefined;
  icms.regras.push(
    regraTributaria(
      '/icms/v_fcp',
      vFcp.toFixed(2),
      doPerfil ? `icms_${op.ufEmitente.toLowerCase()}_fcp_do_produto` : `icms_${op.ufEmitente.toLowerCase()}_fcp_geral`,
      `FCP = ${base} × ${fcp} % (${doPerfil ? 'FCP do perfil tributário do produto' : `FCP geral de ${op.ufEmitente}`}).`,
      doPerfil
        ? { versao: 'perfil-do-produto', fonte: 'FCP do perfil tributário do produto (tributacao.icms.fcp)' }
        : aliquotaIcmsInterna(op.ufEmitente, op.dia),
    ),
  );
  return vFcp;
}
