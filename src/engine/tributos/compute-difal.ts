import { Decimal } from 'decimal.js';
import { aliquotaIcmsInterna } from './aliquota-icms-interna.js';
import type { OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type RegraTributaria } from './regra-tributaria.js';
import { roundMoney } from './round-money.js';

export const FONTE_DIFAL = {
  versao: 'lc-190-2022+convenio-icms-236-2021',
  fonte:
    'CF art. 155, § 2º, VII e VIII (EC 87/2015); LC 87/1996 com a LC 190/2022; Convênio ICMS 236/2021 (base única); MOC 4.00 grupo NA (ICMSUFDest)',
};

/**
 * ICMSUFDest: the interstate sale to a final consumer who is not an ICMS contributor pays the destination UF the
 * difference between its internal rate and the interstate rate, on the same base (base única), all of it to the
 * destination (pICMSInterPart 100 since 2019), and the destination's general FCP.
 */
export function computeDifal(
  op: OperacaoTributavel,
  base: string,
  aliquotaInter: string,
  regras: RegraTributaria[],
): Record<string, string> {
  const destino = aliquotaIcmsInterna(op.ufDestinatario, op.dia);
  const uf = op.ufDestinatario.toLowerCase();
  const diferenca = Decimal.max(new Decimal(destino.aliquota).minus(aliquotaInter), 0);
  const valor = roundMoney(new Decimal(base).times(diferenca).div(100));
  const out: Record<string, string> = {
    v_bc_uf_dest: base,
    p_icms_uf_dest: destino.aliquota,
    p_icms_inter: new Decimal(aliquotaInter).toFixed(2),
    p_icms_inter_part: '100',
    v_icms_uf_dest: valor,
    v_icms_uf_remet: '0.00',
  };
  regras.push(
    regraTributaria(
      '/icms_uf_dest/v_icms_uf_dest',
      valor,
      `icms_${uf}_difal_consumidor_final`,
      `DIFAL = ${base} × (${destino.aliquota} % interna de ${op.ufDestinatario} − ${aliquotaInter} % interestadual), todo para ${op.ufDestinatario}.`,
      { versao: FONTE_DIFAL.versao, fonte: `${FONTE_DIFAL.fonte}; alíquota: ${destino.fonte}` },
    ),
  );
  if (destino.fcp) {
    const fcp = roundMoney(new Decimal(base).times(destino.fcp).div(100));
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
