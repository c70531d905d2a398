import type { NfseSistema } from './nfse-sistema.js';
import type { DecisaoRota } from './decide-rota-nfse.js';
import { SISTEMA_ABRASF } from './sistema-abrasf.js';
import { SISTEMA_LAYOUT_NACIONAL } from './sistema-layout-nacional.js';
import { SISTEMA_ABRASF_1 } from './sistema-abrasf-1.js';
import { SISTEMA_NACIONAL } from './sistema-nacional.js';
import { SISTEMA_SAO_PAULO } from './sistema-sao-paulo.js';

/** The cities' own systems, in the order they are asked whether they serve a municipality. */
export const SISTEMAS_PROPRIOS: readonly NfseSistema[] = [
  SISTEMA_SAO_PAULO,
  SISTEMA_ABRASF,
  SISTEMA_ABRASF_1,
  SISTEMA_LAYOUT_NACIONAL,
];

/**
 * The system a municipality issues through on its decided route: the national one where the route is `nacional`,
 * the own system that serves the route's row elsewhere, and null where none does (readiness refuses the
 * company: a note is never sent to the national system for a municipality the data place elsewhere). Whatever
 * the key's environment: this is where the company's production notes go.
 */
export function sistemaOf(decisao: Pick<DecisaoRota, 'rota' | 'provedor'>): NfseSistema | null {
  if (decisao.rota === 'nacional') return SISTEMA_NACIONAL;
  return SISTEMAS_PROPRIOS.find((s) => s.serves(decisao.provedor)) ?? null;
}
