import type { Principal } from '../auth/principal.js';
import type { EngineDeps } from '../deps.js';
import { parameterError } from '../errors.js';
import { isUuid } from '../kernel/ids.js';
import { presentNfe, type NfeView } from './present-nfe.js';

/**
 * `GET /v1/nfe`, newest first, keyset over (created_at, id) like `GET /v1/nfse`: a note inserted while a client
 * pages is newer than its cursor, so none is skipped or repeated. `limite` is clamped to 1..100 (default 50).
 */
export async function listNfe(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { cursor?: string; limite?: string },
): Promise<{ dados: NfeView[]; proximo_cursor: string | null }> {
  const parsed = Number(options.limite);
  const limite = options.limite === undefined || options.limite === '' || Number.isNaN(parsed) ? 50 : Math.min(100, Math.max(1, Math.trunc(parsed)));
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await deps.db.nfe.findMany({
    where: {
      accountId: principal.accountId,
      environment: principal.environment,
      ...(principal.companyId ? { companyId: principal.companyId } : {}),
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return { dados: page.map(presentNfe), proximo_cursor: rows.length > limite && last ? encodeCursor(last.createdAt, last.id) : null };
}

const encodeCursor = (createdAt: Date, id: string) => Buffer.from(`nfe1|${createdAt.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const parts = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  const createdAt = new Date(parts[1] ?? '');
  if (parts.length !== 3 || parts[0] !== 'nfe1' || Number.isNaN(createdAt.getTime()) || !isUuid(parts[2]!)) {
    throw parameterError('parametro_invalido', { query: 'cursor' }, 'cursor inválido.', { correcao: 'Use exatamente o proximo_cursor devolvido pela página anterior.' });
  }
  return { createdAt, id: parts[2]! };
}
