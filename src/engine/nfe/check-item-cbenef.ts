import { Decimal } from 'decimal.js';
import type { Coletor } from '../nucleo/coletor.js';
import { checkCbenef } from '../tributos/check-cbenef.js';
import type { NfeItem } from './nfe-request.js';

const DIFERIMENTO = ['mod_bc', 'p_red_bc', 'v_bc', 'p_icms', 'v_icms_op', 'p_dif', 'v_icms_dif', 'v_icms'] as const;

/** The note's facts the cBenef rules read. */
export interface NotaCbenef {
  /** The issuer's UF, whose authoriser judges the note. */
  uf: string;
  dia: string;
  simples: boolean;
  interna: boolean;
  /** A devolução, an adjustment or an entry: the NT's exceptions E1–E4, which no UF checks. */
  excecao: boolean;
}

/**
 * An item's cBenef judged before sending as the issuer's UF's authoriser judges it (checkCbenef): the rejection's
 * cStat goes out as `codigo_oficial`, at the item's `c_benef`.
 */
export function checkItemCbenef(item: NfeItem, base: string, nota: NotaCbenef, c: Coletor): void {
  if (nota.excecao) return;
  const v = item.icms.valores;
  const zero = (x: string | undefined) => x === undefined || new Decimal(x).isZero();
  const rejeicao = checkCbenef({
    uf: nota.uf,
    dia: nota.dia,
    codigo: item.icms.cst ?? item.icms.csosn ?? '',
    csosn: nota.simples,
    cBenef: item.c_benef,
    interna: nota.interna,
    semReducao: zero(v.p_red_bc) && zero(v.p_red_bc_st),
    diferimentoCompleto: DIFERIMENTO.every((k) => v[k] !== undefined),
    desonerado: v.v_icms_deson !== undefined && v.mot_des_icms !== undefined,
  });
  if (rejeicao) c.add(rejeicao.codigo, `${base}/c_benef`, rejeicao.mensagem, rejeicao.correcao, rejeicao.cStat);
}
