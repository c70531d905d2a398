import type { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { decodeKeyset, encodeKeyset } from '../nucleo/keyset.js';
import { afterCursor } from '../nucleo/after-cursor.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { parseEmpresaId } from '../nucleo/parse-empresa-id.js';
import { presentInutilizacao, type InutilizacaoView } from './present-inutilizacao.js';

export const INUTILIZACOES_LIMITE: PageLimit = { padrao: 50, maximo: 100, foraDosLimites: 'recusa' };

/**
 * `GET /v1/nfe/inutilizacoes` and GraphQL `nfeInutilizacoes`: the
 * ranges of the key's environment, newest first, with their justificativa, protocol and status (`transmitindo`
 * while the authority's answer is awaited, `homologada` after 102); `empresaId` filters one company. Cursor and
 * limite as GET /v1/nfe (1..100, default 50).
 */
export async function listInutilizacoes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { cursor?: string | null; limite?: number | null; empresaId?: string | null },
): Promise<{ dados: InutilizacaoView[]; proximo_cursor: string | null }> {
  const limite = pageLimit(options.limite, INUTILIZACOES_LIMITE);
  const where = inutilizacaoWhere(principal, options.empresaId);
  const after = options.cursor ? decodeKeyset('inut1', options.cursor, 'cursor') : null;
  const rows = await deps.db.nfeInutilizacao.findMany({
    where: { ...where, ...afterCursor(after) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return {
    dados: page.map(presentInutilizacao),
    proximo_cursor: rows.length > limite && last ? encodeKeyset('inut1', last) : null,
  };
}

/** How many ranges match (a dashboard's `totalCount`). */
export async function countInutilizacoes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  empresaId: string | null,
): Promise<number> {
  return deps.db.nfeInutilizacao.count({ where: inutilizacaoWhere(principal, empresaId) });
}

export const inutilizacaoCursor = (range: InutilizacaoView): string =>
  encodeKeyset('inut1', { createdAt: new Date(range.criada_em), id: range.id });

function inutilizacaoWhere(
  principal: Principal,
  empresaIdParam: string | null | undefined,
): Prisma.NfeInutilizacaoWhereInput {
  const empresaId = parseEmpresaId(empresaIdParam);
  if (empresaId) assertCompanyAllowed(principal, empresaId);
  return {
    accountId: principal.accountId,
    environment: principal.environment,
    ...(principal.companyId ? { companyId: principal.companyId } : {}),
    ...(empresaId ? { companyId: empresaId } : {}),
  };
}
