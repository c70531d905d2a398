import type { PerfilAbrasf } from './perfil-abrasf.js';
import { BRASILIA } from './perfis/brasilia.js';
import { GOIANIA } from './perfis/goiania.js';
import { RIBEIRAO_PRETO } from './perfis/ribeirao-preto.js';

/** Every city profile, by IBGE code: a municipality listed here issues through its ABRASF 2.04 service. */
export const PERFIS_ABRASF: ReadonlyMap<string, PerfilAbrasf> = new Map(
  [BRASILIA, GOIANIA, RIBEIRAO_PRETO].map((p) => [p.ibge, p]),
);

/** The ABRASF profile of a municipality, or null when it has none. */
export function perfilAbrasf(ibge: string): PerfilAbrasf | null {
  return PERFIS_ABRASF.get(ibge) ?? null;
}
