import { Coletor, lerObjeto, lerTexto, presente, type Objeto } from '../nucleo/coletor.js';
import { ALIQUOTA, VALOR } from './nfe-decimal.js';
import { lerDecimal } from './ler-campos.js';
import type { NfeIcmsUfDest } from './nfe-request.js';

/** Interstate rates pICMSInter accepts (leiauteNFe_v4.00.xsd enumeration), written as the layout spells them. */
const P_ICMS_INTER = ['4.00', '7.00', '12.00'];
const MEMBROS = ['v_bc_uf_dest', 'v_bc_fcp_uf_dest', 'p_fcp_uf_dest', 'p_icms_uf_dest', 'p_icms_inter', 'p_icms_inter_part', 'v_fcp_uf_dest', 'v_icms_uf_dest', 'v_icms_uf_remet'] as const;
const FCP = ['v_bc_fcp_uf_dest', 'p_fcp_uf_dest', 'v_fcp_uf_dest'] as const;

/**
 * ICMSUFDest (group NA, the ICMS shared with the destination UF in an interstate sale to a final consumer outside
 * the ICMS, EC 87/2015; rejection 694 without it): vBCUFDest, pICMSUFDest, pICMSInter (4, 7 or 12 %),
 * pICMSInterPart, vICMSUFDest and vICMSUFRemet required; the FCP of the destination UF optional, and then whole.
 * Null when invalid.
 */
export function lerIcmsUfDest(v: unknown, campo: string, c: Coletor): NfeIcmsUfDest | null {
  const g = lerObjeto(v, campo, MEMBROS, c);
  if (!g) return null;
  const antes = c.issues.length;
  const valor = (k: (typeof MEMBROS)[number], oque: string | undefined) => lerDecimal(g, k, `${campo}/${k}`, c, k.startsWith('p_') ? ALIQUOTA : VALOR, oque);
  const comFcp = FCP.some((k) => presente(g, k));
  const out: NfeIcmsUfDest = {
    v_bc_uf_dest: valor('v_bc_uf_dest', 'A base do ICMS da UF de destino (v_bc_uf_dest)')!,
    v_bc_fcp_uf_dest: valor('v_bc_fcp_uf_dest', comFcp ? 'Com FCP da UF de destino, a base dele (v_bc_fcp_uf_dest)' : undefined),
    p_fcp_uf_dest: valor('p_fcp_uf_dest', comFcp ? 'Com FCP da UF de destino, a alíquota dele (p_fcp_uf_dest)' : undefined),
    p_icms_uf_dest: valor('p_icms_uf_dest', 'A alíquota interna da UF de destino (p_icms_uf_dest)')!,
    p_icms_inter: lerInter(g, `${campo}/p_icms_inter`, c)!,
    p_icms_inter_part: valor('p_icms_inter_part', 'O percentual de partilha para a UF de destino (p_icms_inter_part)')!,
    v_fcp_uf_dest: valor('v_fcp_uf_dest', comFcp ? 'Com FCP da UF de destino, o valor dele (v_fcp_uf_dest)' : undefined),
    v_icms_uf_dest: valor('v_icms_uf_dest', 'O ICMS da UF de destino (v_icms_uf_dest)')!,
    v_icms_uf_remet: valor('v_icms_uf_remet', 'O ICMS da UF do remetente (v_icms_uf_remet)')!,
  };
  return c.issues.length > antes ? null : out;
}

function lerInter(g: Objeto, campo: string, c: Coletor): string | undefined {
  const t = lerTexto(g, 'p_icms_inter', campo, c, { obrigatorio: 'A alíquota interestadual (p_icms_inter)' });
  if (t === undefined) return undefined;
  const n = /^\d{1,2}(\.\d{1,2})?$/.test(t) ? Number(t).toFixed(2) : null;
  if (n && P_ICMS_INTER.includes(n)) return n;
  c.formato(campo, `Alíquota interestadual inválida: "${t}".`, 'Use 4, 7 ou 12 (por cento).');
  return undefined;
}
