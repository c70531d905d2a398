import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findCompany } from '../empresas/find-company.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { regraScope } from './find-regra-tributaria.js';
import { presentRegraTributaria, type RegraTributariaView } from './present-regra-tributaria.js';

export const REGRAS_LIMITE: PageLimit = { padrao: 50, maximo: 200, foraDosLimites: 'recusa' };

/**
 * `GET /v1/companies/{id}/regras-tributarias` and GraphQL `regrasTributarias`: oldest first, keyset over
 * (created_at, id); limite 50 by default, at most 200 (out of range is 400).
 */
export async function listRegrasTributarias(
  deps: Pick<EngineDeps, 'db' | 'sql'>,
  principal: Principal,
  options: { empresaId: string; cursor?: string | null; limite?: number | null },
) {
  const limite = pageLimit(options.limite, REGRAS_LIMITE);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const company = await findCompany(deps, principal, options.empresaId);
  const rows = await deps.db.regraTributaria.findMany({
    where: {
      ...regraScope(principal, company.id),
      ...(after
        ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return {
    dados: page.map(presentRegraTributaria),
    proximo_cursor: rows.length > limite && last ? regraCursor(presentRegraTributaria(last)) : null,
  };
}

/** How many rules the company has in the key's environment (a dashboard's `totalCount`). */
export async function countRegrasTributarias(
  deps: Pick<EngineDeps, 'db' | 'sql'>,
  principal: Principal,
  empresaId: string,
): Promise<number> {
  const company = await findCompany(deps, principal, empresaId);
  return deps.db.regraTributaria.count({ where: regraScope(principal, company.id) });
}

/** The cursor that continues after this rule (the same opaque form as `proximo_cursor`). */
export const regraCursor = (regra: RegraTributariaView): string =>
  Buffer.from(`rt1|${regra.criado_em}|${regra.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const parts = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  const createdAt = new Date(parts[1] ?? '');
  if (parts.length !== 3 || parts[0] !== 'rt1' || Number.isNaN(createdAt.getTime()) || !isUuid(parts[2]!)) {
    throw new EngineError('parametro_invalido', 'Parâmetro cursor: cursor inválido.', {
      correcao: 'Use exatamente o proximo_cursor devolvido pela página anterior.',
    });
  }
  return { createdAt, id: parts[2]! };
}
