import type { Principal } from '../auth/principal.js';
import { assertCompanyAllowed } from '../auth/scope.js';
import type { EngineDeps } from '../deps.js';
import { parameterError } from '../errors.js';
import { decodeKeyset, encodeKeyset } from '../kernel/keyset-cursor.js';
import { afterCursor, clampLimite, parseEmpresaId, parsePeriodo } from './nfe-list-params.js';
import { presentNfe, type NfeView } from './present-nfe.js';

/** Spec 3.3 statuses (public names). */
export const NFE_STATUSES = ['transmitindo', 'aguardando_confirmacao', 'autorizada', 'rejeitada', 'denegada', 'cancelada', 'descartada', 'contingencia_epec'] as const;

export interface ListNfeOptions {
  cursor?: string | null;
  limite?: string | null;
  status?: string | null;
  empresaId?: string | null;
  /** Creation period, inclusive (see parsePeriodo). */
  desde?: string | null;
  ate?: string | null;
  /** Notes whose referencia starts with this text. */
  referencia?: string | null;
}

/**
 * `GET /v1/nfe`, newest first, keyset over (created_at, id) like `GET /v1/nfse`: a note inserted while a client
 * pages is newer than its cursor, so none is skipped or repeated. `limite` is clamped to 1..100 (default 50).
 * Filters: status, empresa_id, desde/ate (creation), referencia prefix; a bad value is 400 naming the parameter.
 */
export async function listNfe(deps: Pick<EngineDeps, 'db'>, principal: Principal, options: ListNfeOptions): Promise<{ dados: NfeView[]; proximo_cursor: string | null }> {
  const limite = clampLimite(options.limite);
  if (options.status && !(NFE_STATUSES as readonly string[]).includes(options.status)) {
    throw parameterError('parametro_invalido', { query: 'status' }, `valor desconhecido: ${options.status}.`, { correcao: `Use um de: ${NFE_STATUSES.join(', ')}.` });
  }
  const empresaId = parseEmpresaId(options.empresaId);
  if (empresaId) assertCompanyAllowed(principal, empresaId);
  const periodo = parsePeriodo(options.desde, options.ate);
  const after = options.cursor ? decodeKeyset('nfe1', options.cursor, 'cursor') : null;
  const rows = await deps.db.nfe.findMany({
    where: {
      accountId: principal.accountId,
      environment: principal.environment,
      ...(principal.companyId ? { companyId: principal.companyId } : {}),
      ...(empresaId ? { companyId: empresaId } : {}),
      ...(options.status ? { status: options.status } : {}),
      ...(periodo ? { createdAt: periodo } : {}),
      ...(options.referencia ? { referencia: { startsWith: options.referencia } } : {}),
      ...afterCursor(after),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return { dados: page.map(presentNfe), proximo_cursor: rows.length > limite && last ? encodeKeyset('nfe1', last) : null };
}
