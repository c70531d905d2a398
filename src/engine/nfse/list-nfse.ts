import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { countNotes, listNotes, noteCursor } from '../notas/list-notes.js';
import type { NoteFilter } from '../notas/note-filter.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { presentNfse, type NfseView } from './present-nfse.js';

export const NFSE_STATUSES = [
  'transmitindo',
  'autorizada',
  'rejeitada',
  'cancelada',
  'aguardando_confirmacao',
  'falha_transmissao',
  'descartada',
] as const;

/** The one list whose out-of-range `limite` is brought within bounds rather than refused. */
export const NFSE_LIMITE: PageLimit = { padrao: 50, maximo: 100, foraDosLimites: 'ajusta' };

export interface ListNfseOptions {
  cursor?: string | null;
  limite?: number | null;
}

/**
 * `GET /v1/nfse` and GraphQL `notas`, newest first, keyset over (created_at, id) (listNotes) with the notes'
 * filter (NoteFilter, the same as GET /v1/nfe's). `limite` is clamped to 1..100 (default 50).
 */
export async function listNfse(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: ListNfseOptions & { filter?: NoteFilter },
) {
  // Out of range is clamped, never refused (the facade already made a 21-digit number an Int).
  const limite = pageLimit(options.limite, NFSE_LIMITE);
  const page = await listNotes(deps, principal, 'nfse', {
    filter: options.filter ?? {},
    cursor: options.cursor,
    limite,
  });
  return { dados: page.rows.map(presentNfse), proximo_cursor: page.next };
}

/** How many notes match (a dashboard's `totalCount`): one COUNT over the same scope and filter. */
export const countNfse = (deps: Pick<EngineDeps, 'db'>, principal: Principal, filter: NoteFilter = {}) =>
  countNotes(deps, principal, 'nfse', filter);

/** The cursor that continues after this note (the same opaque form as `proximo_cursor`). */
export const nfseCursor = (note: NfseView): string =>
  noteCursor('nfse', { createdAt: new Date(note.criada_em), id: note.id });
