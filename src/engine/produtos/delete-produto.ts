import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findProduto } from './find-produto.js';

/**
 * Removal deletes the row: an NF-e copies the product's data into its items, so nothing points at it, and the
 * SKU is free for a new product at once.
 */
export async function deleteProduto(
  deps: Pick<EngineDeps, 'db' | 'sql'>,
  principal: Principal,
  options: { sku: string; empresaId?: string | null },
) {
  const row = await findProduto(deps, principal, options);
  await deps.db.produto.delete({ where: { id: row.id } });
  return { id: row.id, sku: row.sku, removido: true };
}
