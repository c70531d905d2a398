import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findLote } from './find-lote.js';
import { loteView } from './present-lote.js';

/** `GET /v1/lotes/{id}`: the batch with `contagens`. */
export async function getLote(deps: Pick<EngineDeps, 'db'>, principal: Principal, id: string) {
  return loteView(deps.db, await findLote(deps, principal, id));
}
