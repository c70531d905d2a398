import type { Prisma } from '../../generated/prisma/client.js';
import { ambienteOf, type Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { parameterError } from '../errors.js';
import { parsePeriodo } from '../nucleo/parse-periodo.js';
import { decodeKeyset, encodeKeyset } from '../nucleo/keyset.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';

export const REQUISICOES_LIMITE: PageLimit = { padrao: 50, maximo: 200, foraDosLimites: 'recusa' };

/** What the log is filtered on (`GET /v1/requisicoes`, GraphQL `requisicoes(filtro:)`); every member given must hold. */
export interface RequisicaoFilter {
  /** Calls at or after, and at or before (see parsePeriodo: a date-time with offset, or a day in Brasília time). */
  desde?: string | null;
  ate?: string | null;
  /** Any of these HTTP statuses. */
  status?: readonly number[] | null;
  /** The route template exactly as the log shows it (`/v1/nfse/{id}`). */
  rota?: string | null;
  /** The call's `X-Request-Id`. */
  requisicaoId?: string | null;
}

export interface ListRequisicoesOptions {
  cursor?: string | null;
  limite?: number | null;
  filter?: RequisicaoFilter;
}

/** One line of the log as REST shows it; GraphQL exposes the same members in camelCase. */
export interface RequisicaoView {
  id: string;
  requisicao_id: string;
  criado_em: string;
  ambiente: 'sandbox' | 'producao';
  chave_id: string;
  metodo: string;
  rota: string;
  status: number;
  codigo: string | null;
  duracao_ms: number;
  nota_id: string | null;
  lote_id: string | null;
  empresa_id: string | null;
}

const TAG = 'rq1';
const MAX_TEXT = 200;

/**
 * `GET /v1/requisicoes`: the calls of the key's account and environment, newest first, keyset over (created_at,
 * id). This process's calls not yet written are written first, so a call is found as soon as it was answered.
 */
export async function listRequisicoes(
  deps: Pick<EngineDeps, 'db' | 'requestLog'>,
  principal: Principal,
  options: ListRequisicoesOptions,
) {
  const limite = pageLimit(options.limite, REQUISICOES_LIMITE);
  const after = options.cursor ? decodeKeyset(TAG, options.cursor, 'cursor') : null;
  const where = requisicaoWhere(principal, options.filter ?? {});
  await deps.requestLog?.flush();
  const rows = await deps.db.requestLogLine.findMany({
    where: {
      ...where,
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return {
    dados: page.map(presentRequisicao),
    proximo_cursor: rows.length > limite && last ? encodeKeyset(TAG, last) : null,
  };
}

/** How many lines match (a dashboard's `totalCount`): one COUNT over the same scope and filter. */
export async function countRequisicoes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  filter: RequisicaoFilter = {},
): Promise<number> {
  return deps.db.requestLogLine.count({ where: requisicaoWhere(principal, filter) });
}

/** The cursor that continues after this line (the same opaque form as `proximo_cursor`). */
export const requisicaoCursor = (line: RequisicaoView): string =>
  encodeKeyset(TAG, { createdAt: new Date(line.criado_em), id: line.id });

/**
 * The key's account and environment. A key restricted to one company sees only its own calls: the other keys'
 * calls may concern other companies.
 */
function requisicaoWhere(principal: Principal, filter: RequisicaoFilter): Prisma.RequestLogLineWhereInput {
  for (const status of filter.status ?? []) {
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      throw parameterError('parametro_invalido', { query: 'status' }, 'deve ser um status HTTP (100 a 599).', {
        correcao: 'Use por exemplo status=422.',
      });
    }
  }
  if (filter.rota != null && (filter.rota.length === 0 || filter.rota.length > MAX_TEXT)) {
    throw parameterError('parametro_invalido', { query: 'rota' }, `deve ter de 1 a ${MAX_TEXT} caracteres.`, {
      correcao: 'Use o modelo da rota como o log o mostra, por exemplo /v1/nfse/{id}.',
    });
  }
  if (filter.requisicaoId != null && (filter.requisicaoId.length === 0 || filter.requisicaoId.length > MAX_TEXT)) {
    throw parameterError('parametro_invalido', { query: 'requisicao_id' }, `deve ter de 1 a ${MAX_TEXT} caracteres.`, {
      correcao: 'Use o X-Request-Id da resposta.',
    });
  }
  const periodo = parsePeriodo(filter.desde, filter.ate);
  return {
    accountId: principal.accountId,
    environment: principal.environment,
    ...(principal.companyId && principal.apiKeyId ? { apiKeyId: principal.apiKeyId } : {}),
    ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}),
    ...(filter.rota != null ? { rota: filter.rota } : {}),
    ...(filter.requisicaoId != null ? { requestId: filter.requisicaoId } : {}),
    ...(periodo ? { createdAt: periodo } : {}),
  };
}

type RequestLogRow = Prisma.RequestLogLineGetPayload<object>;

export function presentRequisicao(row: RequestLogRow): RequisicaoView {
  return {
    id: row.id,
    requisicao_id: row.requestId,
    criado_em: row.createdAt.toISOString(),
    ambiente: ambienteOf(row.environment as Principal['environment']),
    chave_id: row.apiKeyId,
    metodo: row.method,
    rota: row.rota,
    status: row.status,
    codigo: row.codigo,
    duracao_ms: row.durationMs,
    nota_id: row.notaId,
    lote_id: row.loteId,
    empresa_id: row.empresaId,
  };
}
