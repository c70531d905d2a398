import { parameterError } from '../errors.js';
import { isUuid } from './new-id.js';

export interface Keyset {
  createdAt: Date;
  id: string;
}

/** Opaque cursor of a list ordered by (created_at, id): `<tag>|<instant>|<uuid>` in base64url. */
export const encodeKeyset = (tag: string, at: Keyset): string =>
  Buffer.from(`${tag}|${at.createdAt.toISOString()}|${at.id}`).toString('base64url');

/**
 * A cursor this list issued (same tag), or 400 naming the parameter: `after` of a connection, or `cursor` of a REST
 * list that reads the engine directly.
 */
export function decodeKeyset(tag: string, cursor: string, parameter: 'after' | 'cursor' = 'after'): Keyset {
  const parts = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  const createdAt = new Date(parts[1] ?? '');
  if (parts.length !== 3 || parts[0] !== tag || Number.isNaN(createdAt.getTime()) || !isUuid(parts[2]!)) {
    const returned = parameter === 'after' ? 'endCursor' : 'proximo_cursor';
    throw parameterError('parametro_invalido', { query: parameter }, 'cursor inválido.', {
      correcao: `Use exatamente o ${returned} devolvido pela página anterior.`,
    });
  }
  return { createdAt, id: parts[2]! };
}

/** The rows after the cursor in ascending (created_at, id) order. */
export const afterAscending = (at: Keyset | null) =>
  at ? { OR: [{ createdAt: { gt: at.createdAt } }, { createdAt: at.createdAt, id: { gt: at.id } }] } : {};
