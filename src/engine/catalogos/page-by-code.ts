import { EngineError } from '../errors.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';

export interface CataloguePageOptions {
  cursor?: string | null;
  limite?: number | null;
}

/** `limite` of the catalogues (/v1/servicos, /v1/municipios). */
export const CATALOGO_LIMITE: PageLimit = { padrao: 20, maximo: 100, foraDosLimites: 'recusa' };

/**
 * One page of a catalogue sorted by `codigo`, keyset on the last code (opaque cursor `<prefix>|<codigo>`):
 * the tables are immutable in a process, so the position never moves. `total` is every row that matched.
 */
export function pageByCode<T extends { codigo: string }>(
  prefix: string,
  rows: readonly T[],
  options: CataloguePageOptions,
) {
  const limite = pageLimit(options.limite, CATALOGO_LIMITE);
  const after = options.cursor ? decodeCursor(prefix, options.cursor) : null;
  const start = after === null ? 0 : rows.findIndex((r) => r.codigo > after);
  const slice = start < 0 ? [] : rows.slice(start, start + limite);
  const more = start >= 0 && start + limite < rows.length;
  return { itens: slice, proximoCursor: more ? codeCursor(prefix, slice.at(-1)!) : null, total: rows.length };
}

/** The cursor that continues after this row (the same opaque form as `proximoCursor`). */
export const codeCursor = (prefix: string, row: { codigo: string }): string =>
  Buffer.from(`${prefix}|${row.codigo}`).toString('base64url');

function decodeCursor(prefix: string, cursor: string): string {
  const parts = /^[A-Za-z0-9_-]{1,100}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  if (parts.length !== 2 || parts[0] !== prefix || !/^\d{6,7}$/.test(parts[1]!)) {
    throw new EngineError('parametro_invalido', 'Cursor inválido.', {
      correcao: 'Use exatamente o proximo_cursor devolvido pela página anterior.',
    });
  }
  return parts[1]!;
}

/** Lower case without accents, for word search in Portuguese descriptions. */
export const normalizeText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Every word of the query appears in the text (accent- and case-insensitive). */
export function containsWords(text: string, query: string): boolean {
  const alvo = normalizeText(text);
  return normalizeText(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => alvo.includes(w));
}
