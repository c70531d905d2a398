import type { Principal } from '../auth/principal.js';
import type { EngineDeps } from '../deps.js';
import { findCompany } from '../empresas/find-company.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../kernel/ids.js';
import { parseLimite } from '../lotes/list-lotes.js';
import { produtoScope } from './find-produto.js';
import { presentProduto } from './present-produto.js';

export interface ListProdutosOptions {
  cursor?: string | null;
  limite?: string | null;
  empresaId?: string | null;
  ncm?: string | null;
  /** Products whose SKU starts with this text. */
  skuPrefixo?: string | null;
}

/** `GET /v1/produtos`: by SKU order, keyset over (company, sku, id); limite 50 by default, at most 200. */
export async function listProdutos(deps: Pick<EngineDeps, 'db'>, principal: Principal, options: ListProdutosOptions) {
  const limite = parseLimite(options.limite, 50, 200);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const empresaId = options.empresaId ?? principal.companyId;
  const companyId = empresaId ? (await findCompany(deps, principal, empresaId)).id : null;
  if (options.ncm && !/^\d{8}$/.test(options.ncm)) {
    throw new EngineError('parametro_invalido', 'Parâmetro ncm: deve ter 8 dígitos.', { correcao: 'Informe o NCM sem pontos.' });
  }
  const rows = await deps.db.produto.findMany({
    where: {
      ...produtoScope(principal),
      ...(companyId ? { companyId } : {}),
      ...(options.ncm ? { ncm: options.ncm } : {}),
      ...(options.skuPrefixo ? { sku: { startsWith: options.skuPrefixo } } : {}),
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
    proximo_cursor: rows.length > limite && last ? Buffer.from(`pr1|${last.companyId}|${last.sku}`).toString('base64url') : null,
  };
}

function decodeCursor(cursor: string): { companyId: string; sku: string } {
  const parts = /^[A-Za-z0-9_-]{1,400}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  if (parts.length < 3 || parts[0] !== 'pr1' || !isUuid(parts[1]!)) {
    throw new EngineError('parametro_invalido', 'Parâmetro cursor: cursor inválido.', { correcao: 'Use exatamente o proximo_cursor devolvido pela página anterior.' });
  }
  return { companyId: parts[1]!, sku: parts.slice(2).join('|') };
}
