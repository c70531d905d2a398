import type { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findCompany } from '../empresas/find-company.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { produtoScope } from './find-produto.js';
import { presentProduto, type ProdutoView } from './present-produto.js';

export const PRODUTOS_LIMITE: PageLimit = { padrao: 50, maximo: 200, foraDosLimites: 'recusa' };

/** What a dashboard filters products on (GraphQL `produtos`, GET /v1/produtos); every member given must hold. */
export interface ProdutoFilter {
  empresaId?: string | null;
  ncm?: string | null;
  /** Products whose SKU starts with this text. */
  skuPrefixo?: string | null;
}

/**
 * `GET /v1/produtos` and GraphQL `produtos`: by SKU order, keyset over (company, sku); limite 50 by default, at
 * most 200 (out of range is 400).
 */
export async function listProdutos(
  deps: Pick<EngineDeps, 'db' | 'sql'>,
  principal: Principal,
  options: { cursor?: string | null; limite?: number | null; filter?: ProdutoFilter },
) {
  const limite = pageLimit(options.limite, PRODUTOS_LIMITE);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const where = await produtoWhere(deps, principal, options.filter ?? {});
  const rows = await deps.db.produto.findMany({
    where: {
      ...where,
      ...(after
        ? { OR: [{ companyId: { gt: after.companyId } }, { companyId: after.companyId, sku: { gt: after.sku } }] }
        : {}),
    },
    orderBy: [{ companyId: 'asc' }, { sku: 'asc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return {
    dados: page.map(presentProduto),
    proximo_cursor: rows.length > limite && last ? encodeCursor(last.companyId, last.sku) : null,
  };
}

/** How many products match (a dashboard's `totalCount`): one COUNT over the same scope and filter. */
export async function countProdutos(
  deps: Pick<EngineDeps, 'db' | 'sql'>,
  principal: Principal,
  filter: ProdutoFilter = {},
): Promise<number> {
  return deps.db.produto.count({ where: await produtoWhere(deps, principal, filter) });
}

/** The cursor that continues after this product (the same opaque form as `proximo_cursor`). */
export const produtoCursor = (produto: ProdutoView): string => encodeCursor(produto.empresa_id, produto.sku);

/** The company (given, or the restricted key's) is looked up first: 403/404 as on the company routes. */
async function produtoWhere(
  deps: Pick<EngineDeps, 'db' | 'sql'>,
  principal: Principal,
  filter: ProdutoFilter,
): Promise<Prisma.ProdutoWhereInput> {
  const empresaId = filter.empresaId ?? principal.companyId;
  const companyId = empresaId ? (await findCompany(deps, principal, empresaId)).id : null;
  if (filter.ncm && !/^\d{8}$/.test(filter.ncm)) {
    throw new EngineError('parametro_invalido', 'Parâmetro ncm: deve ter 8 dígitos.', {
      correcao: 'Informe o NCM sem pontos.',
    });
  }
  return {
    ...produtoScope(principal),
    ...(companyId ? { companyId } : {}),
    ...(filter.ncm ? { ncm: filter.ncm } : {}),
    ...(filter.skuPrefixo ? { sku: { startsWith: filter.skuPrefixo } } : {}),
  };
}

const encodeCursor = (companyId: string, sku: string) => Buffer.from(`pr1|${companyId}|${sku}`).toString('base64url');

function decodeCursor(cursor: string): { companyId: string; sku: string } {
  const parts = /^[A-Za-z0-9_-]{1,400}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  if (parts.length < 3 || parts[0] !== 'pr1' || !isUuid(parts[1]!)) {
    throw new EngineError('parametro_invalido', 'Parâmetro cursor: cursor inválido.', {
      correcao: 'Use exatamente o proximo_cursor devolvido pela página anterior.',
    });
  }
  return { companyId: parts[1]!, sku: parts.slice(2).join('|') };
}
