import type { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { parameterError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { decodeEventCursor, encodeEventCursor } from './event-cursor.js';

export const EVENTOS_LIMITE: PageLimit = { padrao: 100, maximo: 1000, foraDosLimites: 'recusa' };

/** What a dashboard filters the log on (GraphQL `eventos(filtro:)`); every member given must hold. */
export interface EventFilter {
  tipos?: readonly string[] | null;
  /** Events about this company (the company the event names, `empresa_id` or `empresaId` of its `dados`). */
  empresaId?: string | null;
  desde?: Date | null;
  ate?: Date | null;
}

export interface ListEventsOptions {
  apos?: string | null;
  limite?: number | null;
  filter?: EventFilter;
  /**
   * `recentes`: newest first, `apos` continuing to older events (a person reading the log; the cursor then is
   * a place in the list, not a position to poll from). Default `antigos`, the integration order.
   */
  ordem?: 'antigos' | 'recentes';
}

export interface EventEntry {
  id: string;
  tipo: string;
  ambiente: string;
  criado_em: string;
  dados: unknown;
}

/**
 * `GET /v1/eventos`: events of the key's account and environment after the cursor, oldest first.
 * `proximo_cursor` is always present; an empty page returns the same position to poll again later. Each entry
 * carries its own `cursor` (continue after it), for the GraphQL connection's edges.
 */
export async function listEvents(deps: Pick<EngineDeps, 'db'>, principal: Principal, options: ListEventsOptions) {
  const limite = pageLimit(options.limite, EVENTOS_LIMITE);
  const after = options.apos ? decodeEventCursor(options.apos) : 0n;
  const scope = { accountId: principal.accountId, environment: principal.environment };
  if (options.ordem === 'recentes') return listNewestFirst(deps, principal, options.filter ?? {}, after, limite);

  const found = await deps.db.event.findMany({
    where: { ...eventWhere(principal, options.filter ?? {}), seq: { gt: after } },
    orderBy: { seq: 'asc' },
    take: limite + 1,
  });
  const rows = found.slice(0, limite);
  // A gap between the cursor and the first stored event means the events in it were purged (90 days), or were
  // filtered out: the oldest event kept in the whole log tells which.
  if (after > 0n && (rows.length === 0 || rows[0]!.seq > after + 1n)) {
    const oldest = await deps.db.event.findFirst({ where: scope, orderBy: { seq: 'asc' }, select: { seq: true } });
    const counter = await deps.db.eventCounter.findUnique({ where: { accountId_environment: scope } });
    const firstKept = oldest?.seq ?? (counter ? counter.last + 1n : 1n);
    if (after + 1n < firstKept) {
      throw parameterError(
        'cursor_vencido',
        { query: 'apos' },
        'o cursor aponta para eventos já apagados (retenção de 90 dias).',
        {
          correcao: 'Continue a partir de cursor_mais_antigo.',
          extra: { cursor_mais_antigo: encodeEventCursor(firstKept - 1n) },
        },
      );
    }
  }
  if (after > 0n && rows.length === 0) {
    // A cursor past the last event was not issued to this account and environment (another key's log, or
    // forged): following it would silently skip the events numbered up to it.
    const counter = await deps.db.eventCounter.findUnique({ where: { accountId_environment: scope } });
    if (after > (counter?.last ?? 0n)) {
      throw parameterError(
        'parametro_invalido',
        { query: 'apos' },
        'o cursor não pertence ao log desta conta e ambiente.',
        {
          correcao:
            'Use o proximo_cursor devolvido a esta chave (cada ambiente tem seu log), ou omita apos para começar do início.',
        },
      );
    }
  }
  const eventos = rows.map((row) => ({ ...presentEvent(row), cursor: encodeEventCursor(row.seq) }));
  const last = rows.at(-1)?.seq ?? after;
  return { eventos, proximo_cursor: encodeEventCursor(last), mais: found.length > limite };
}

/** The log newest first, `after` (when given) the last event of the previous page: the next ones are older. */
async function listNewestFirst(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  filter: EventFilter,
  after: bigint,
  limite: number,
) {
  const found = await deps.db.event.findMany({
    where: { ...eventWhere(principal, filter), ...(after > 0n ? { seq: { lt: after } } : {}) },
    orderBy: { seq: 'desc' },
    take: limite + 1,
  });
  const rows = found.slice(0, limite);
  const eventos = rows.map((row) => ({ ...presentEvent(row), cursor: encodeEventCursor(row.seq) }));
  const last = rows.at(-1)?.seq ?? after;
  return { eventos, proximo_cursor: encodeEventCursor(last), mais: found.length > limite };
}

/** How many events match (a dashboard's `totalCount`): one COUNT over the same scope and filter. */
export async function countEvents(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  filter: EventFilter = {},
): Promise<number> {
  return deps.db.event.count({ where: eventWhere(principal, filter) });
}

/**
 * Which events a key reaches by their company (the `company_id` the log sets from the event's `dados` when it is
 * appended): all for an account key; for a key restricted to one company, the events about it and those that name
 * no company at all, never another company's. The list and the live tail (`followEvents`) both use it.
 */
export function companyEventsWhere(principal: Principal): Prisma.EventWhereInput {
  return principal.companyId ? { OR: [{ companyId: principal.companyId }, { companyId: null }] } : {};
}

/** The same rule on one event's company, for a reader holding the row (the live tail). */
export const seesCompany = (principal: Principal, companyId: string | null): boolean =>
  !principal.companyId || companyId === null || companyId === principal.companyId;

/** The key's account and environment, the company rule, then the filter. */
function eventWhere(principal: Principal, filter: EventFilter): Prisma.EventWhereInput {
  if (filter.empresaId) {
    if (!isUuid(filter.empresaId))
      throw parameterError('parametro_invalido', { query: 'empresa_id' }, 'não é um id de empresa.', {
        correcao: 'Use o id retornado por GET /v1/companies.',
      });
    assertCompanyAllowed(principal, filter.empresaId);
  }
  return {
    accountId: principal.accountId,
    environment: principal.environment,
    ...(filter.empresaId ? { companyId: filter.empresaId } : companyEventsWhere(principal)),
    ...(filter.tipos?.length ? { tipo: { in: [...filter.tipos] } } : {}),
    ...(filter.desde || filter.ate
      ? { createdAt: { ...(filter.desde ? { gte: filter.desde } : {}), ...(filter.ate ? { lt: filter.ate } : {}) } }
      : {}),
  };
}

/** One entry of the log as REST, webhooks and GraphQL show it: `{id, tipo, ambiente, criado_em, dados}`. */
export function presentEvent(row: {
  id: string;
  tipo: string;
  environment: string;
  createdAt: Date;
  dados: unknown;
}): EventEntry {
  return {
    id: row.id,
    tipo: row.tipo,
    ambiente: row.environment === 'test' ? 'sandbox' : 'producao',
    criado_em: row.createdAt.toISOString(),
    dados: row.dados,
  };
}
