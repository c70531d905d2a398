import type { EngineDeps } from '../engine-deps.js';

/** Rows one purge statement deletes at most, unless PURGE_CHUNK_ROWS says otherwise. */
export const DEFAULT_PURGE_CHUNK_ROWS = 1000;

export interface ChunkOptions {
  /** Rows per DELETE statement. */
  chunkRows?: number;
  /** Sees the rows each statement deleted (tests follow the chunks). */
  onChunk?: (deleted: number) => void;
  /** Once aborted (the process stops), no further chunk starts; the next run deletes the rest. */
  signal?: AbortSignal;
}

/**
 * Deletes the rows of `table` whose `column` is before `cutoff`, `chunkRows` per statement until none is left,
 * and gives the event loop a turn between statements. One DELETE of a month of expired rows would hold its row
 * locks and write its whole WAL in one transaction, and keep one connection busy from the first row to the last;
 * short statements let inserts, vacuum and the other users of the pool go on between them. The rows of a chunk are
 * found in the column's index order (a scan in table order would walk past the rows earlier chunks deleted, which
 * stay until vacuum) and deleted by their physical address (ctid), so each statement reads about only them.
 * `table` and `column` are the callers' constants, never input.
 */
export async function deleteInChunks(
  deps: Pick<EngineDeps, 'db'>,
  target: { table: string; column: string; cutoff: Date },
  options: ChunkOptions = {},
): Promise<number> {
  const chunkRows = options.chunkRows ?? DEFAULT_PURGE_CHUNK_ROWS;
  const { table, column, cutoff } = target;
  const statement = `DELETE FROM "${table}" WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM "${table}" WHERE "${column}" < $1 ORDER BY "${column}" LIMIT $2))`;
  let total = 0;
  for (;;) {
    const deleted = await deps.db.$executeRawUnsafe(statement, cutoff, chunkRows);
    if (deleted > 0) options.onChunk?.(deleted);
    total += deleted;
    if (deleted < chunkRows || options.signal?.aborted) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
