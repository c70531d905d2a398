import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { parameterError } from '../errors.js';
import { countNotes, listNotes, noteCursor } from '../notas/list-notes.js';
import type { NoteFilter } from '../notas/note-filter.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { presentNfe, type NfeView } from './present-nfe.js';

/** NF-e statuses (public names). */
export const NFE_LIMITE: PageLimit = { padrao: 50, maximo: 100, foraDosLimites: 'recusa' };

export const NFE_STATUSES = [
  'transmitindo',
  'aguardando_confirmacao',
  'autorizada',
  'rejeitada',
  'denegada',
  'cancelada',
  'descartada',
  'contingencia_epec',
] as const;

/**
 * GET /v1/nfe's `status`: free text there (openapi.yaml), so an unknown name is this 400 rather than a type
 * error of the connection's enum filter.
 */
export function nfeStatusParam(value: string | null | undefined): string[] | null {
  if (value === undefined || value === null || value === '') return null;
  if (!(NFE_STATUSES as readonly string[]).includes(value)) {
    throw parameterError('parametro_invalido', { query: 'status' }, `valor desconhecido: ${value}.`, {
      correcao: `Use um de: ${NFE_STATUSES.join(', ')}.`,
    });
  }
  return [value];
}

/**
 * `GET /v1/nfe` and GraphQL `nfes`, newest first, keyset over (created_at, id) (listNotes) with the notes' filter
 * (NoteFilter, the same as GET /v1/nfse's). `limite` 1..100 (default 50); out of range, and a bad filter value,
 * is 400 naming the parameter.
 */
export async function listNfe(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { cursor?: string | null; limite?: number | null; filter?: NoteFilter },
): Promise<{ dados: NfeView[]; proximo_cursor: string | null }> {
  const limite = pageLimit(options.limite, NFE_LIMITE);
  const page = await listNotes(deps, principal, 'nfe', {
    filter: options.filter ?? {},
    cursor: options.cursor,
    limite,
  });
  return { dados: page.rows.map(presentNfe), proximo_cursor: page.next };
}

/** How many NF-e match (a dashboard's `totalCount`): one COUNT over the same scope and filter. */
export const countNfe = (deps: Pick<EngineDeps, 'db'>, principal: Principal, filter: NoteFilter = {}) =>
  countNotes(deps, principal, 'nfe', filter);

/** The cursor that continues after this note (the same opaque form as `proximo_cursor`). */
export const nfeCursor = (note: NfeView): string =>
  noteCursor('nfe', { createdAt: new Date(note.criada_em), id: note.id });
