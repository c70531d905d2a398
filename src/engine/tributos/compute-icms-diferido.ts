import { Decimal } from 'decimal.js';
import { aliquotaIcmsInterna } from './aliquota-icms-interna.js';
import { computeIcmsProprio } from './compute-icms-proprio.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { IcmsCalculado, IcmsDoItem } from './icms-do-item.js';
import { regraTributaria } from './regra-tributaria.js';
import { moneyHalfUp } from './round-money.js';

const ZERO = new Decimal(0);
const FONTE_DIFERIMENTO = {
  versao: 'moc-4.00-icms51',
  fonte:
    'MOC 4.00, grupo N (ICMS51): vICMSOp = vBC × pICMS, vICMSDif = vICMSOp × pDif, vICMS = vICMSOp - vICMSDif; NT 2019.001 regra N12-97 (rejeição 929 sem os campos do diferimento); diferimento do perfil (tributacao.icms.diferimento), concedido pela lei da UF',
};

/**
 * Deferral (CST 51, or 90 with a deferred share): the operation's ICMS (vICMSOp) on the base less its reduction, the
 * deferred share pDif of it (vICMSDif) and what remains due (vICMS). Every member of the group is written, pRedBC
 * too (zero without a reduction), because the UFs that apply rule N12-97 reject the deferral without them (929).
 * The FCP of a deferred item is the UF's rule, which the tables do not carry: a UF with a general FCP is outside.
 */
export function computeIcmsDiferido(icms: IcmsDoItem): IcmsCalculado {
  const { op } = icms;
  const pDif = icms.item.perfil.icms?.diferimento;
  if (!pDif)
    throw new ForaDeCobertura(
      '/icms',
      `CST ${icms.codigo} com diferimento exige o percentual diferido: informe tributacao.icms.diferimento (pDif) no produto ou numa regra tributária da empresa.`,
    );
  if (icms.interna && aliquotaIcmsInterna(op.ufEmitente, op.dia).fcp)
    throw new ForaDeCobertura(
      '/icms',
      `O diferimento do FCP de ${op.ufEmitente} não está nas tabelas: o item com diferimento nessa UF não é calculado. Envie-o em modo informado.`,
    );
  const proprio = computeIcmsProprio(icms);
  const vIcmsOp = proprio.vIcms;
  const vIcmsDif = moneyHalfUp(vIcmsOp.times(pDif).div(100));
  const vIcms = vIcmsOp.minus(vIcmsDif);
  const { v_icms: _operacao, ...membros } = proprio.grupo;
  const grupo = {
    cst: icms.codigo,
    ...membros,
    p_red_bc: proprio.grupo.p_red_bc ?? '0',
    v_icms_op: vIcmsOp.toFixed(2),
    p_dif: pDif,
    v_icms_dif: vIcmsDif.toFixed(2),
    v_icms: vIcms.toFixed(2),
  };
  // The own ICMS rule above reported the operation's ICMS as vICMS: here it is vICMSOp, and vICMS what remains.
  const regra = [...icms.regras].reverse().find((r) => r.campo === '/icms/v_icms');
  if (regra) regra.campo = '/icms/v_icms_op';
  icms.regras.push(
    regraTributaria(
      '/icms/v_icms',
      vIcms.toFixed(2),
      `icms_${op.ufEmitente.toLowerCase()}_diferimento`,
      `ICMS devido = ${vIcmsOp.toFixed(2)} (ICMS da operação) - ${vIcmsDif.toFixed(2)} (${pDif} % diferido).`,
      FONTE_DIFERIMENTO,
    ),
  );
  return { grupo, vIcms, vFcp: ZERO, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };
}
