import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import { parameterError } from '../errors.js';
import { decodeKeyset, encodeKeyset } from '../nucleo/keyset.js';
import { isUuid } from '../nucleo/new-id.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { LOTE_RECEBENDO } from './lote-recebendo.js';
import { loteCounts, presentLote } from './present-lote.js';

export const LOTES_LIMITE: PageLimit = { padrao: 20, maximo: 100, foraDosLimites: 'recusa' };

/** What a dashboard filters batches on (GraphQL `lotes`); every member given must hold. */
export interface LoteFilter {
  status?: readonly string[] | null;
  empresaId?: string | null;
  criadoDesde?: Date | null;
  criadoAte?: Date | null;
}

/** `GET /v1/lotes`: newest first, keyset over (created_at, id), each batch with its counts (one grouped query). */
export async function listLotes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { cursor?: string | null; limite?: number | null; filter?: LoteFilter },
) {
  const limite = pageLimit(options.limite, LOTES_LIMITE);
  const after = options.cursor ? decodeKeyset('lt1', options.cursor, 'cursor') : null;
  const rows = await deps.db.lote.findMany({
    where: {
      ...loteWhere(principal, options.filter ?? {}),
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const counts = await loteCounts(
    deps.db,
    page.map((l) => l.id),
  );
  const last = page.at(-1);
  return {
    dados: page.map((l) => presentLote(l, counts.get(l.id)!)),
    proximo_cursor: rows.length > limite && last ? encodeKeyset('lt1', last) : null,
  };
}

/** How many batches match (a dashboard's `totalCount`): one COUNT over the same scope and filter. */
export async function countLotes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  filter: LoteFilter = {},
): Promise<number> {
  return deps.db.lote.count({ where: loteWhere(principal, filter) });
}

/** The cursor that continues after this batch (the same opaque form as `proximo_cursor`). */
export const loteCursor = (lote: { id: string; criado_em: string }): string =>
  encodeKeyset('lt1', { createdAt: new Date(lote.criado_em), id: lote.id });

function loteWhere(principal: Principal, filter: LoteFilter): Prisma.LoteWhereInput {
  if (filter.empresaId) {
    if (!isUuid(filter.empresaId))
      throw parameterError('parametro_invalido', { query: 'empresaId' }, 'não é um id de empresa.', {
        correcao: 'Use o id retornado por companies.',
      });
    assertCompanyAllowed(principal, filter.empresaId);
  }
  return {
    accountId: principal.accountId,
    environment: principal.environment,
    ...(principal.companyId ? { companyId: principal.companyId } : {}),
    ...(filter.empresaId ? { companyId: filter.empresaId } : {}),
    status: filter.status?.length ? { in: [...filter.status] } : { not: LOTE_RECEBENDO },
    ...(filter.criadoDesde || filter.criadoAte
      ? {
          createdAt: {
            ...(filter.criadoDesde ? { gte: filter.criadoDesde } : {}),
            ...(filter.criadoAte ? { lt: filter.criadoAte } : {}),
          },
        }
      : {}),
  };
}
