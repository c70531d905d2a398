import type { Principal } from '../auth/principal.js';
import type { EngineDeps } from '../deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../kernel/ids.js';
import { loteCounts, presentLote } from './present-lote.js';

/** Spec 8: `limite` default and maximum; outside the range is 400 (only /v1/nfse clamps). */
export function parseLimite(value: string | undefined | null, standard: number, max: number): number {
  if (value === undefined || value === null || value === '') return standard;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new EngineError('parametro_invalido', `limite deve ser um inteiro de 1 a ${max}.`, { campo: 'limite', correcao: `Use limite entre 1 e ${max} (padrão ${standard}).` });
  }
  return n;
}

/** `GET /v1/lotes`: newest first, keyset over (created_at, id), each batch with its counts (one grouped query). */
export async function listLotes(deps: Pick<EngineDeps, 'db'>, principal: Principal, options: { cursor?: string | null; limite?: string | null }) {
  const limite = parseLimite(options.limite, 20, 100);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await deps.db.lote.findMany({
    omit: { entrada: true },
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
  const counts = await loteCounts(deps.db, page.map((l) => l.id));
  const last = page.at(-1);
  return {
    dados: page.map((l) => presentLote(l, counts.get(l.id)!)),
    proximo_cursor: rows.length > limite && last ? Buffer.from(`lt1|${last.createdAt.toISOString()}|${last.id}`).toString('base64url') : null,
  };
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const parts = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  const createdAt = new Date(parts[1] ?? '');
  if (parts.length !== 3 || parts[0] !== 'lt1' || Number.isNaN(createdAt.getTime()) || !isUuid(parts[2]!)) {
    throw new EngineError('parametro_invalido', 'Cursor inválido.', { campo: 'cursor', correcao: 'Use exatamente o proximo_cursor devolvido pela página anterior.' });
  }
  return { createdAt, id: parts[2]! };
}
