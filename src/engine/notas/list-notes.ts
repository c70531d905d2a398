import type { Nfe, Nfse, NfseTimelineEntry } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { afterCursor } from '../nucleo/after-cursor.js';
import { decodeKeyset, encodeKeyset, type Keyset } from '../nucleo/keyset.js';
import type { NoteFilter } from './note-filter.js';
import { noteWhere } from './note-where.js';

/** A stored NFS-e with its timeline (what presentNfse takes). */
export type NfseRow = Nfse & { timeline: NfseTimelineEntry[] };

export interface NotePage<Row> {
  rows: Row[];
  /** The cursor after the last row, or null when no row follows. */
  next: string | null;
}

/** The cursor tags of the two lists (the opaque `proximo_cursor` / `endCursor` of each). */
const TAG = { nfse: 'nf1', nfe: 'nfe1' } as const;

/**
 * One page of notes of a kind matching the filter, newest first, keyset over (created_at, id): a note inserted
 * while a client pages is newer than its cursor, so no row is skipped or repeated. `limite` is already within the
 * list's bounds (pageLimit).
 */
export async function listNotes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  kind: 'nfse',
  options: { filter: NoteFilter; cursor?: string | null; limite: number },
): Promise<NotePage<NfseRow>>;
export async function listNotes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  kind: 'nfe',
  options: { filter: NoteFilter; cursor?: string | null; limite: number },
): Promise<NotePage<Nfe>>;
export async function listNotes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  kind: 'nfse' | 'nfe',
  options: { filter: NoteFilter; cursor?: string | null; limite: number },
): Promise<NotePage<NfseRow> | NotePage<Nfe>> {
  const after = options.cursor ? decodeKeyset(TAG[kind], options.cursor, 'cursor') : null;
  const orderBy = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
  const take = options.limite + 1;
  const rows =
    kind === 'nfse'
      ? await deps.db.nfse.findMany({
          where: { ...noteWhere('nfse', principal, options.filter), ...afterCursor(after) },
          orderBy,
          take,
          include: { timeline: true },
        })
      : await deps.db.nfe.findMany({
          where: { ...noteWhere('nfe', principal, options.filter), ...afterCursor(after) },
          orderBy,
          take,
        });
  const page = rows.slice(0, options.limite);
  const last = page.at(-1);
  const next = rows.length > options.limite && last ? encodeKeyset(TAG[kind], last) : null;
  return { rows: page, next } as NotePage<NfseRow> | NotePage<Nfe>;
}

/** How many notes of a kind match (a dashboard's `totalCount`): one COUNT over the same scope and filter. */
export async function countNotes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  kind: 'nfse' | 'nfe',
  filter: NoteFilter,
): Promise<number> {
  return kind === 'nfse'
    ? deps.db.nfse.count({ where: noteWhere('nfse', principal, filter) })
    : deps.db.nfe.count({ where: noteWhere('nfe', principal, filter) });
}

/** The cursor that continues after this note of the kind (the same opaque form as the lists' next cursor). */
export const noteCursor = (kind: 'nfse' | 'nfe', at: Keyset): string => encodeKeyset(TAG[kind], at);

/**
 * Every note of a kind matching the filter, page after page in the lists' order (newest first), for a reader
 * that walks the whole result (an export): the filter is checked before the first row, and each page is one
 * indexed query, so memory holds one page whatever the total.
 */
export function iterateNotes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  kind: 'nfse',
  filter: NoteFilter,
  pageSize?: number,
): AsyncGenerator<NfseRow[]>;
export function iterateNotes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  kind: 'nfe',
  filter: NoteFilter,
  pageSize?: number,
): AsyncGenerator<Nfe[]>;
export async function* iterateNotes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  kind: 'nfse' | 'nfe',
  filter: NoteFilter,
  pageSize = 500,
): AsyncGenerator<NfseRow[] | Nfe[]> {
  let cursor: string | null = null;
  do {
    const page: NotePage<NfseRow> | NotePage<Nfe> =
      kind === 'nfse'
        ? await listNotes(deps, principal, 'nfse', { filter, cursor, limite: pageSize })
        : await listNotes(deps, principal, 'nfe', { filter, cursor, limite: pageSize });
    if (page.rows.length) yield page.rows;
    cursor = page.next;
  } while (cursor);
}
