import type { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { parameterError } from '../errors.js';
import { decodeKeyset, encodeKeyset } from '../nucleo/keyset.js';
import { afterCursor } from './after-cursor.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { parseEmpresaId } from './parse-empresa-id.js';
import { parsePeriodo } from './parse-periodo.js';
import { presentNfe, type NfeView } from './present-nfe.js';

/** NF-e statuses (public names). */
export const NFE_LIMITE: PageLimit = { padrao: 50, maximo: 100, foraDosLimites: 'recusa' };

export const NFE_STATUSES = [
  'transmitindo',
  'aguardando_confirmacao',
  'autorizada',
  'rejeitada',
  'denegada',
  'cancelada',
  'descartada',
  'contingencia_epec',
] as const;

/** What a dashboard filters NF-e on (GraphQL `nfes`, GET /v1/nfe); every member given must hold. */
export interface NfeFilter {
  /** Any of these statuses (public names). */
  status?: readonly string[] | null;
  empresaId?: string | null;
  /** Creation period, inclusive (see parsePeriodo). */
  desde?: string | null;
  ate?: string | null;
  /** Notes whose referencia starts with this text. */
  referenciaPrefixo?: string | null;
}

/**
 * GET /v1/nfe's `status`: free text there (openapi.yaml), so an unknown name is this 400 rather than a type
 * error of the connection's enum filter.
 */
export function nfeStatusParam(value: string | null | undefined): string[] | null {
  if (value === undefined || value === null || value === '') return null;
  if (!(NFE_STATUSES as readonly string[]).includes(value)) {
    throw parameterError('parametro_invalido', { query: 'status' }, `valor desconhecido: ${value}.`, {
      correcao: `Use um de: ${NFE_STATUSES.join(', ')}.`,
    });
  }
  return [value];
}

/**
 * `GET /v1/nfe` and GraphQL `nfes`, newest first, keyset over (created_at, id) like `GET /v1/nfse`: a note
 * inserted while a client pages is newer than its cursor, so none is skipped or repeated. `limite` 1..100 (default
 * 50); out of range, and a bad filter value, is 400 naming the parameter.
 */
export async function listNfe(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { cursor?: string | null; limite?: number | null; filter?: NfeFilter },
): Promise<{ dados: NfeView[]; proximo_cursor: string | null }> {
  const limite = pageLimit(options.limite, NFE_LIMITE);
  const where = nfeWhere(principal, options.filter ?? {});
  const after = options.cursor ? decodeKeyset('nfe1', options.cursor, 'cursor') : null;
  const rows = await deps.db.nfe.findMany({
    where: { ...where, ...afterCursor(after) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return {
    dados: page.map(presentNfe),
    proximo_cursor: rows.length > limite && last ? encodeKeyset('nfe1', last) : null,
  };
}

/** How many NF-e match (a dashboard's `totalCount`): one COUNT over the same scope and filter. */
export async function countNfe(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  filter: NfeFilter = {},
): Promise<number> {
  return deps.db.nfe.count({ where: nfeWhere(principal, filter) });
}

/** The cursor that continues after this note (the same opaque form as `proximo_cursor`). */
export const nfeCursor = (note: NfeView): string =>
  encodeKeyset('nfe1', { createdAt: new Date(note.criada_em), id: note.id });

function nfeWhere(principal: Principal, filter: NfeFilter): Prisma.NfeWhereInput {
  const empresaId = parseEmpresaId(filter.empresaId);
  if (empresaId) assertCompanyAllowed(principal, empresaId);
  const periodo = parsePeriodo(filter.desde, filter.ate);
  return {
    accountId: principal.accountId,
    environment: principal.environment,
    ...(principal.companyId ? { companyId: principal.companyId } : {}),
    ...(empresaId ? { companyId: empresaId } : {}),
    ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}),
    ...(periodo ? { createdAt: periodo } : {}),
    ...(filter.referenciaPrefixo ? { referencia: { startsWith: filter.referenciaPrefixo } } : {}),
  };
}
