import { Decimal } from 'decimal.js';
import { aliquotaIcmsInterna } from './aliquota-icms-interna.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { IcmsDoItem } from './icms-do-item.js';
import type { IcmsProprio } from './compute-icms-proprio.js';
import { metodoDifal, type MetodoDifal } from './metodo-difal.js';
import { regraTributaria } from './regra-tributaria.js';
import { moneyHalfUp, roundMoney } from './round-money.js';

export const FONTE_DIFAL = {
  versao: 'lc-190-2022+convenio-icms-236-2021',
  fonte:
    'CF art. 155, § 2º, VII e VIII (EC 87/2015); LC 87/1996 com a LC 190/2022; Convênio ICMS 236/2021; MOC 4.00 grupo NA (ICMSUFDest)',
};
const FONTE_BASE_DUPLA =
  'LC 87/1996 art. 13 § 1º I (o imposto integra a própria base) e § 6º (base da origem pela alíquota interestadual, base do destino pela interna)';
const ZERO = new Decimal(0);

/**
 * ICMSUFDest: the interstate sale to a final consumer who is not an ICMS contributor pays the destination UF the
 * difference between its internal rate and the interstate rate, all of it to the destination (pICMSInterPart 100
 * since 2019), and the destination's general FCP. The base is the item's own ICMS base (reduced where the CST
 * reduces it: one base for both UFs). Base única: DIFAL = base × (internal − interstate). Base dupla (the method a
 * company rule or the product chooses, metodoDifal): the destination's base carries its own ICMS, (base − ICMS of
 * the origin) ÷ (1 − internal), and DIFAL = that base × internal − ICMS of the origin.
 */
export function computeDifal(icms: IcmsDoItem, proprio: IcmsProprio): Record<string, string> {
  const { op, regras } = icms;
  const destino = aliquotaIcmsInterna(op.ufDestinatario, op.dia);
  const metodo = metodoDifal(op.ufDestinatario, icms.item.perfil.icms?.metodoDifal as MetodoDifal | undefined);
  const uf = op.ufDestinatario.toLowerCase();
  const interna = new Decimal(destino.aliquota);
  let base = proprio.base;
  let vBc = new Decimal(base);
  let valor: string;
  let motivo: string;
  if (metodo.metodo === 'base_dupla') {
    // The gross-up of a UF that charges a general FCP may or may not divide by the fund too: the UF's rule, not
    // in the tables.
    if (destino.fcp)
      throw new ForaDeCobertura(
        '/icms_uf_dest',
        `DIFAL em base dupla para ${op.ufDestinatario}, que cobra FCP geral de ${destino.fcp} %: se o FCP entra no divisor da base é regra da UF, fora das tabelas. Envie o item em modo informado.`,
      );
    vBc = moneyHalfUp(vBc.minus(proprio.vIcms).div(new Decimal(1).minus(interna.div(100))));
    base = vBc.toFixed(2);
    valor = roundMoney(Decimal.max(vBc.times(interna).div(100).minus(proprio.vIcms), ZERO));
    motivo = `DIFAL em base dupla (${metodo.origem}): base de ${op.ufDestinatario} = (${proprio.base} - ${proprio.vIcms.toFixed(2)} de ICMS da origem) ÷ (1 - ${destino.aliquota} %) = ${base}; DIFAL = ${base} × ${destino.aliquota} % - ${proprio.vIcms.toFixed(2)}, todo para ${op.ufDestinatario}.`;
  } else {
    valor = roundMoney(vBc.times(Decimal.max(interna.minus(proprio.aliquota), ZERO)).div(100));
    motivo = `DIFAL em base única (${metodo.origem}) = ${base} × (${destino.aliquota} % interna de ${op.ufDestinatario} - ${proprio.aliquota} % interestadual), todo para ${op.ufDestinatario}.`;
  }
  const out: Record<string, string> = {
    v_bc_uf_dest: base,
    p_icms_uf_dest: destino.aliquota,
    p_icms_inter: new Decimal(proprio.aliquota).toFixed(2),
    p_icms_inter_part: '100',
    v_icms_uf_dest: valor,
    v_icms_uf_remet: '0.00',
  };
  regras.push(
    regraTributaria('/icms_uf_dest/v_icms_uf_dest', valor, `icms_${uf}_difal_consumidor_final`, motivo, {
      versao: `${FONTE_DIFAL.versao}+${metodo.versao}`,
      fonte: `${FONTE_DIFAL.fonte}; método: ${metodo.fonte}${metodo.metodo === 'base_dupla' ? `; ${FONTE_BASE_DUPLA}` : ''}; alíquota: ${destino.fonte}`,
    }),
  );
  if (destino.fcp) {
    const fcp = roundMoney(vBc.times(destino.fcp).div(100));
    Object.assign(out, { v_bc_fcp_uf_dest: base, p_fcp_uf_dest: destino.fcp, v_fcp_uf_dest: fcp });
    regras.push(
      regraTributaria(
        '/icms_uf_dest/v_fcp_uf_dest',
        fcp,
        `icms_${uf}_fcp_geral`,
        `FCP = ${base} × ${destino.fcp} % (FCP geral de ${op.ufDestinatario}).`,
        destino,
      ),
    );
  }
  return out;
}
