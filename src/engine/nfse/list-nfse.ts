import type { Principal } from '../auth/principal.js';
import type { EngineDeps } from '../deps.js';
import { parameterError } from '../errors.js';
import { isUuid } from '../kernel/ids.js';
import { presentNfse } from './present-nfse.js';

const STATUSES = ['transmitindo', 'autorizada', 'rejeitada', 'cancelada', 'aguardando_confirmacao', 'falha_transmissao', 'descartada'];

export interface ListNfseOptions {
  cursor?: string;
  limite?: string | number;
  status?: string;
}

/**
 * `GET /v1/nfse` (spec 4.1), newest first, keyset over (created_at, id): notes inserted while a client pages
 * are newer than its cursor, so no row is skipped or repeated. `limite` is clamped to 1..100 (default 50).
 */
export async function listNfse(deps: Pick<EngineDeps, 'db'>, principal: Principal, options: ListNfseOptions) {
  // Spec 8: out of range is clamped here, never refused (a 21-digit number is simply 100).
  const parsed = Number(options.limite);
  const limite = options.limite === undefined || options.limite === '' || Number.isNaN(parsed) ? 50 : Math.min(100, Math.max(1, Math.trunc(parsed)));
  if (options.status !== undefined && !STATUSES.includes(options.status)) {
    throw parameterError('parametro_invalido', { query: 'status' }, `valor desconhecido: ${options.status}.`, { correcao: `Use um de: ${STATUSES.join(', ')}.` });
  }
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await deps.db.nfse.findMany({
    where: {
      accountId: principal.accountId,
      environment: principal.environment,
      ...(principal.companyId ? { companyId: principal.companyId } : {}),
      ...(options.status ? { status: options.status } : {}),
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
    proximo_cursor: rows.length > limite && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

const encodeCursor = (createdAt: Date, id: string) => Buffer.from(`nf1|${createdAt.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const parts = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  const createdAt = new Date(parts[1] ?? '');
  if (parts.length !== 3 || parts[0] !== 'nf1' || Number.isNaN(createdAt.getTime()) || !isUuid(parts[2]!)) {
    throw parameterError('parametro_invalido', { query: 'cursor' }, 'cursor inválido.', { correcao: 'Use exatamente o proximo_cursor devolvido pela página anterior.' });
  }
  return { createdAt, id: parts[2]! };
}
