import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findCompany } from '../empresas/find-company.js';
import { EngineError } from '../errors.js';

export const produtoScope = (principal: Principal) => ({
  accountId: principal.accountId,
  environment: principal.environment,
});

/**
 * A product by SKU in the key's account and environment. With `empresaId` (or a company-restricted key) the
 * company is checked first (403/404 as on company routes); without it the SKU must name one product only.
 */
export async function findProduto(
  deps: Pick<EngineDeps, 'db' | 'sql'>,
  principal: Principal,
  options: { sku: string; empresaId?: string | null },
) {
  const empresaId = options.empresaId ?? principal.companyId;
  const companyId = empresaId ? (await findCompany(deps, principal, empresaId)).id : null;
  const rows = await deps.db.produto.findMany({
    where: { ...produtoScope(principal), sku: options.sku, ...(companyId ? { companyId } : {}) },
    take: 2,
  });
  if (rows.length > 1) {
    throw new EngineError('sku_ambiguo', `O SKU ${options.sku} existe em mais de uma empresa desta conta.`, {
      correcao: 'Informe empresa_id na query string.',
    });
  }
  if (!rows[0]) {
    throw new EngineError(
      'produto_nao_encontrado',
      `Produto com SKU ${options.sku} não encontrado nesta conta e ambiente.`,
      {
        correcao: 'Confira o SKU e a empresa em GET /v1/produtos (cada ambiente tem seus produtos).',
      },
    );
  }
  return rows[0];
}
