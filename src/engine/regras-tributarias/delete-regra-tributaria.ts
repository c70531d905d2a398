import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findRegraTributaria } from './find-regra-tributaria.js';

/** Removal deletes the row: an issued NF-e keeps its computed values and the adjustments naming the rule. */
export async function deleteRegraTributaria(
  deps: Pick<EngineDeps, 'db' | 'sql'>,
  principal: Principal,
  options: { empresaId: string; id: string },
) {
  const row = await findRegraTributaria(deps, principal, options);
  await deps.db.regraTributaria.delete({ where: { id: row.id } });
  return { id: row.id, removida: true };
}
