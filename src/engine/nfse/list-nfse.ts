import type { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { parameterError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { decodeKeyset, encodeKeyset } from '../nucleo/keyset.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { presentNfse, type NfseView } from './present-nfse.js';

export const NFSE_STATUSES = [
  'transmitindo',
  'autorizada',
  'rejeitada',
  'cancelada',
  'aguardando_confirmacao',
  'falha_transmissao',
  'descartada',
] as const;

/** The one list whose out-of-range `limite` is brought within bounds rather than refused. */
export const NFSE_LIMITE: PageLimit = { padrao: 50, maximo: 100, foraDosLimites: 'ajusta' };

export interface ListNfseOptions {
  cursor?: string | null;
  limite?: number | null;
}

/** What a dashboard filters on (GraphQL `notas`): any of several statuses, a company, a period, a referencia prefix. */
export interface NfseFilter {
  status?: readonly string[] | null;
  empresaId?: string | null;
  criadaDesde?: Date | null;
  criadaAte?: Date | null;
  referenciaPrefixo?: string | null;
}

/**
 * `GET /v1/nfse`, newest first, keyset over (created_at, id): notes inserted while a client pages
 * are newer than its cursor, so no row is skipped or repeated. `limite` is clamped to 1..100 (default 50).
 */
export async function listNfse(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: ListNfseOptions & { filter?: NfseFilter },
) {
  // Out of range is clamped, never refused (the facade already made a 21-digit number an Int).
  const limite = pageLimit(options.limite, NFSE_LIMITE);
  const after = options.cursor ? decodeKeyset('nf1', options.cursor, 'cursor') : null;
  const rows = await deps.db.nfse.findMany({
    where: {
      ...nfseWhere(principal, options.filter ?? {}),
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
    include: { timeline: true },
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return {
    dados: page.map(presentNfse),
    proximo_cursor: rows.length > limite && last ? encodeKeyset('nf1', last) : null,
  };
}

/** How many notes match (a dashboard's `totalCount`): one COUNT over the same scope and filter. */
export async function countNfse(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  filter: NfseFilter = {},
): Promise<number> {
  return deps.db.nfse.count({ where: nfseWhere(principal, filter) });
}

/** The cursor that continues after this note (the same opaque form as `proximo_cursor`). */
export const nfseCursor = (note: NfseView): string =>
  encodeKeyset('nf1', { createdAt: new Date(note.criada_em), id: note.id });

function nfseWhere(principal: Principal, filter: NfseFilter): Prisma.NfseWhereInput {
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
    ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}),
    ...(filter.criadaDesde || filter.criadaAte
      ? {
          createdAt: {
            ...(filter.criadaDesde ? { gte: filter.criadaDesde } : {}),
            ...(filter.criadaAte ? { lt: filter.criadaAte } : {}),
          },
        }
      : {}),
    ...(filter.referenciaPrefixo ? { referencia: { startsWith: filter.referenciaPrefixo } } : {}),
  };
}
