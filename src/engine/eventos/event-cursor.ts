import { parameterError } from '../errors.js';

const MAX_SEQ = 2n ** 63n - 1n;

/** Opaque cursor of the event log: the sequence number of the last event read (0 = before the first). */
export const encodeEventCursor = (seq: bigint): string => Buffer.from(`ev1:${seq}`).toString('base64url');

export function decodeEventCursor(cursor: string): bigint {
  const text = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : '';
  const match = /^ev1:(\d{1,19})$/.exec(text);
  // seq is a PostgreSQL bigint: a larger number cannot come from us and must not reach the database.
  if (!match || BigInt(match[1]!) > MAX_SEQ) {
    throw parameterError('parametro_invalido', { query: 'apos' }, 'cursor inválido.', {
      correcao: 'Use exatamente o proximo_cursor devolvido por GET /v1/eventos, ou omita apos para começar do início.',
    });
  }
  return BigInt(match[1]!);
}
