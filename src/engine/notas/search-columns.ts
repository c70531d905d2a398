import { foldName } from './fold-name.js';

/**
 * The search columns of a note as the database generates them from its stored request (migration search_columns):
 * the taker's (`tomador`) or recipient's (`destinatario`) document, letters and digits only, uppercase; its name
 * folded (foldName). For a row built in memory before its insert, so it holds what the stored row will.
 */
export function searchColumns(
  request: unknown,
  member: 'tomador' | 'destinatario',
): { tomadorDocumento: string | null; tomadorNome: string | null } {
  const party = isObject(request) && isObject(request[member]) ? request[member] : {};
  const documento =
    typeof party.documento === 'string' ? party.documento.replace(/[^0-9A-Za-z]/g, '').toUpperCase() : '';
  const nome = typeof party.nome === 'string' ? foldName(party.nome) : '';
  return { tomadorDocumento: documento || null, tomadorNome: nome || null };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
