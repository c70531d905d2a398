import { Decimal } from 'decimal.js';
import { aliquotaOperacao } from './aliquota-operacao.js';
import { computeIcmsProprio } from './compute-icms-proprio.js';
import { computeIcmsSt } from './compute-icms-st.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { IcmsCalculado, IcmsDoItem } from './icms-do-item.js';
import { regraTributaria, type RegraTributaria } from './regra-tributaria.js';
import { moneyHalfUp, roundMoney } from './round-money.js';

const SEM_VALORES_CSOSN = ['102', '103', '300', '400', '500'];
const ZERO = new Decimal(0);
const SEM_VALORES = { vIcms: ZERO, vFcp: ZERO, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };
/**
 * The Simples Nacional's ICMS is paid in the DAS; outside it only the cases of § 1º XIII, whose DIFAL (alínea h) is
 * the one of the company's own purchases. The clause extending the sales' DIFAL to the Simples (Convênio ICMS
 * 93/2015, cláusula nona) was struck down by the STF.
 */
const FONTE_SN_SEM_DIFAL = {
  versao: 'lc-123-2006+stf-adi-5464',
  fonte:
    'LC 123/2006, art. 13, VII e § 1º, XIII, h (DIFAL do optante só nas suas aquisições); STF, ADI 5464 (cláusula nona do Convênio ICMS 93/2015, que estendia ao Simples Nacional o DIFAL das vendas a não contribuinte)',
};
const FONTE_SN = {
  versao: 'lc-123-2006',
  fonte: 'LC 123/2006, art. 23, § 1º (crédito do adquirente pela alíquota do Simples Nacional)',
};

/**
 * CSOSN of the Simples Nacional: no amount of its own and no DIFAL in a sale to a non-contributor of another UF
 * (FONTE_SN_SEM_DIFAL, an adjustment says so); the buyer's credit (101, 201) and the ICMS-ST (201 to 203),
 * whose ST deducts the ICMS the sale would carry at the regime normal's rate. 900 (others) carries what the
 * profile gives: the ICMS due outside the DAS when it has a rate (`aliquota`, with `reducao_bc`), the ICMS-ST when
 * it has an ST member (`mva`, `aliquota_st`, `reducao_bc_st`, `fcp_st`).
 */
export function computeIcmsSimples(icms: IcmsDoItem): IcmsCalculado {
  const { item, op, codigo, regras } = icms;
  if (!icms.interna && op.contribuinte === 'nao_contribuinte')
    regras.push(
      regraTributaria(
        '/icms_uf_dest',
        '0.00',
        'icms_simples_nacional_sem_difal',
        `Sem DIFAL (ICMSUFDest): o vendedor é do Simples Nacional, cujo ICMS vai no DAS; a venda a não contribuinte de ${op.ufDestinatario} não o leva.`,
        FONTE_SN_SEM_DIFAL,
      ),
    );
  if (SEM_VALORES_CSOSN.includes(codigo)) return { grupo: { csosn: codigo }, ...SEM_VALORES };
  if (!icms.interna && op.contribuinte !== 'contribuinte')
    throw new ForaDeCobertura(
      '/icms',
      `CSOSN ${codigo} (crédito do adquirente, ICMS-ST ou ICMS fora do DAS) na venda a ${op.contribuinte === 'isento' ? 'contribuinte isento de inscrição' : 'não contribuinte'} de outra UF não é calculado: envie o item em modo informado.`,
    );
  const operacao = roundMoney(icms.linha.operacao);
  const grupo: Record<string, string> = { csosn: codigo };
  if (codigo === '900') return csosn900(icms, grupo);
  if (codigo === '101' || codigo === '201')
    Object.assign(grupo, creditoSimples(item.perfil.icms?.aliquota, codigo, operacao, regras));
  if (codigo === '101') return { grupo, ...SEM_VALORES };
  if (!['201', '202', '203'].includes(codigo))
    throw new ForaDeCobertura(
      '/icms',
      `CSOSN ${codigo} não é calculado: cobertos 101, 102, 103, 201, 202, 203, 300, 400, 500 e 900.`,
    );
  const aliquota = aliquotaOperacao(item, op, icms.interna).aliquota;
  // The ST of a Simples Nacional seller deducts the ICMS the operation would carry at the regime normal's rate.
  const proprio = moneyHalfUp(new Decimal(operacao).times(aliquota).div(100));
  Object.assign(grupo, icmsStDoItem(icms, proprio, aliquota).grupo);
  return { grupo, ...SEM_VALORES };
}

/** CSOSN 900: the ICMS outside the DAS when the profile gives its rate, the ICMS-ST when it gives an ST member. */
function csosn900(icms: IcmsDoItem, grupo: Record<string, string>): IcmsCalculado {
  const perfil = icms.item.perfil.icms ?? {};
  const comSt = [perfil.mva, perfil.aliquotaSt, perfil.reducaoBcSt, perfil.fcpSt].some((m) => m !== undefined);
  // ICMSSN900 has no FCP member: the Simples Nacional's FCP is inside the DAS.
  const proprio = perfil.aliquota || perfil.reducaoBc ? computeIcmsProprio(icms, false) : null;
  if (proprio) Object.assign(grupo, proprio.grupo);
  if (comSt) {
    const aliquota = proprio?.aliquota ?? aliquotaOperacao(icms.item, icms.op, icms.interna).aliquota;
    Object.assign(grupo, icmsStDoItem(icms, proprio?.vIcms ?? ZERO, aliquota).grupo);
  }
  return { grupo, ...SEM_VALORES, vIcms: proprio?.vIcms ?? ZERO };
}

function icmsStDoItem(icms: IcmsDoItem, icmsProprio: Decimal, aliquota: string) {
  const operacao = {
    operacaoComIpi: icms.linha.operacao.plus(icms.vIpi),
    icmsProprio,
    aliquotaInter: icms.interna ? null : aliquota,
  };
  return computeIcmsSt(icms.item, icms.op, operacao, icms.regras);
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
