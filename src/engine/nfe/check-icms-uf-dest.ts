import { Decimal } from 'decimal.js';
import type { Coletor } from '../nucleo/coletor.js';
import { aliquotaInterestadual } from '../tributos/aliquota-interestadual.js';
import { ForaDeCobertura } from '../tributos/fora-de-cobertura.js';
import { divergeDoProduto } from './check-tax-values.js';
import type { NfeItem } from './nfe-request.js';

/** The issuer's and the recipient's UF of the note, when both are known. */
export interface UfsDaNota {
  emitente: string;
  destino: string;
}

const CEM = new Decimal(100);

/**
 * An item's ICMSUFDest (group NA) judged as the authoriser does and against its own arithmetic. pICMSInterPart is
 * 100 since 2019 (rejection 699) and vICMSUFRemet zero (the layout: "a partir de 2019, este valor será zero").
 * pICMSInter is the rate of the UF pair (Resolução do Senado 22/1989), 4 % for goods of origin 1, 2, 3 or 8 (13/2012):
 * 697 when the goods' origin asks another, 698 when the UFs do. vICMSUFDest is the DIFAL in base única,
 * vBCUFDest × (pICMSUFDest − pICMSInter) × pICMSInterPart, or in base dupla, vBCUFDest × pICMSUFDest − the item's
 * own vICMS (the two methods computeDifal writes), and vFCPUFDest = vBCFCPUFDest × pFCPUFDest; each rounded or
 * truncated to the cent, and no cStat of their own (valor_tributo_divergente).
 */
export function checkIcmsUfDest(item: NfeItem, base: string, ufs: UfsDaNota | null, c: Coletor): void {
  const g = item.icms_uf_dest;
  if (!g) return;
  const campo = `${base}/icms_uf_dest`;
  if (!new Decimal(g.p_icms_inter_part).eq(CEM))
    c.formato(
      `${campo}/p_icms_inter_part`,
      `p_icms_inter_part ${g.p_icms_inter_part} difere dos 100 % da UF de destino desde 2019 (rejeição 699 da SEFAZ).`,
      'Informe 100.',
      '699',
    );
  if (!new Decimal(g.v_icms_uf_remet).isZero())
    c.add(
      'valor_tributo_divergente',
      `${campo}/v_icms_uf_remet`,
      `v_icms_uf_remet ${g.v_icms_uf_remet}: desde 2019 todo o DIFAL é da UF de destino.`,
      'Informe 0.00.',
    );
  if (ufs && ufs.emitente !== ufs.destino) aliquotaDoPar(item, g.p_icms_inter, ufs, `${campo}/p_icms_inter`, c);
  const interna = new Decimal(g.p_icms_uf_dest);
  const unica = new Decimal(g.v_bc_uf_dest)
    .times(Decimal.max(interna.minus(g.p_icms_inter), 0))
    .times(g.p_icms_inter_part)
    .div(CEM.times(CEM));
  const dupla = Decimal.max(
    new Decimal(g.v_bc_uf_dest)
      .times(interna)
      .div(CEM)
      .minus(item.icms.valores.v_icms ?? 0),
    0,
  );
  const esperado = divergeDoProduto(unica, g.v_icms_uf_dest) && divergeDoProduto(dupla, g.v_icms_uf_dest);
  if (esperado)
    c.add(
      'valor_tributo_divergente',
      `${campo}/v_icms_uf_dest`,
      `v_icms_uf_dest ${g.v_icms_uf_dest} não é o DIFAL em base única, v_bc_uf_dest × (p_icms_uf_dest - p_icms_inter) = ${esperado}, nem em base dupla, v_bc_uf_dest × p_icms_uf_dest - v_icms = ${dupla.toFixed(2, Decimal.ROUND_HALF_UP)}.`,
      'Corrija o valor, a base ou as alíquotas do grupo icms_uf_dest.',
    );
  if (g.v_fcp_uf_dest !== undefined && g.v_bc_fcp_uf_dest !== undefined && g.p_fcp_uf_dest !== undefined) {
    const fcp = divergeDoProduto(new Decimal(g.v_bc_fcp_uf_dest).times(g.p_fcp_uf_dest).div(CEM), g.v_fcp_uf_dest);
    if (fcp)
      c.add(
        'valor_tributo_divergente',
        `${campo}/v_fcp_uf_dest`,
        `v_fcp_uf_dest ${g.v_fcp_uf_dest} difere de v_bc_fcp_uf_dest × p_fcp_uf_dest = ${fcp}.`,
        `Informe ${fcp} ou corrija a base e a alíquota do FCP.`,
      );
  }
}

/** pICMSInter against the pair's rate: 697 when the goods' origin decides the difference, 698 when the UFs do. */
function aliquotaDoPar(item: NfeItem, enviada: string, ufs: UfsDaNota, campo: string, c: Coletor): void {
  let prevista;
  try {
    prevista = aliquotaInterestadual(ufs.emitente, ufs.destino, item.origem);
  } catch (err) {
    // A pair outside the table (a recipient abroad) has no interstate rate to compare with.
    if (err instanceof ForaDeCobertura) return;
    throw err;
  }
  if (new Decimal(enviada).eq(prevista.aliquota)) return;
  const pelaOrigem = prevista.importado || new Decimal(enviada).eq(4);
  c.formato(
    campo,
    pelaOrigem
      ? `p_icms_inter ${enviada} não é o previsto para mercadoria de origem ${item.origem} de ${ufs.emitente} para ${ufs.destino}: ${prevista.aliquota} % (rejeição 697 da SEFAZ).`
      : `p_icms_inter ${enviada} é incompatível com as UFs da operação, de ${ufs.emitente} para ${ufs.destino}: ${prevista.aliquota} % (rejeição 698 da SEFAZ).`,
    `Informe ${new Decimal(prevista.aliquota).toFixed(2)} (${prevista.versao}).`,
    pelaOrigem ? '697' : '698',
  );
}
