import type { EngineDeps } from '../engine-deps.js';
import { newId } from '../nucleo/new-id.js';
import { LOTE_RECEIVING_LEASE_MS, leaseFrom } from './lease-from.js';
import { LOTE_RECEBENDO } from './lote-recebendo.js';

// A statement carries lines up to about this much JSON: the database holds a statement's text and its parsed
// copy at once (and PGlite keeps the memory it grew to), and each text below V8's large-object size dies young,
// so a 20 MB spreadsheet goes in small slices, never whole.
const CHUNK_BYTES = 1 << 16;

/**
 * Stores the lines of a batch being received (`recebendo`), in the API's names, as lote_itens `validando` (line
 * numbers from 1), with multi-row inserts of about 64 KB each, the rows passed as one JSON parameter; returns how
 * many. Lines may arrive one at a time (a spreadsheet as it is read): only the statement being filled is held.
 * Each insert is a statement of its own, so other requests run between them, and renews the batch's lease in
 * the same statement; one that finds the batch gone (discarded after its lease expired) fails the receipt.
 */
export async function insertLoteLines(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  loteId: string,
  lines: Iterable<unknown> | AsyncIterable<unknown>,
  now: Date,
): Promise<number> {
  let chunk: string[] = [];
  let bytes = 0;
  let linha = 0;
  const flush = async () => {
    const rows = chunk.length;
    const inserted = await insertChunk(deps, loteId, `[${chunk.join(',')}]`, now);
    if (inserted !== rows) throw new Error(`batch ${loteId} was discarded while its lines were stored`);
    chunk = [];
    bytes = 0;
  };
  for await (const line of lines) {
    const request = line ?? null;
    const referencia = (request as { referencia?: unknown } | null)?.referencia;
    const row = JSON.stringify({
      id: newId(),
      linha: ++linha,
      referencia: typeof referencia === 'string' ? referencia.slice(0, 200) : null,
      request,
    });
    chunk.push(row);
    bytes += row.length;
    if (bytes >= CHUNK_BYTES) await flush();
  }
  if (chunk.length) await flush();
  return linha;
}

// A line that is JSON null stays the JSON value null (the column is never SQL NULL).
const insertChunk = (deps: Pick<EngineDeps, 'db' | 'clock'>, loteId: string, rows: string, now: Date) => deps.db
  .$executeRaw`
  WITH lease AS (
    UPDATE lotes SET locked_until = ${leaseFrom(deps, LOTE_RECEIVING_LEASE_MS)} WHERE id = ${loteId}::uuid AND status = ${LOTE_RECEBENDO} RETURNING id)
  INSERT INTO lote_itens (id, lote_id, linha, referencia, status, request, updated_at)
  SELECT r."id", lease.id, r."linha", r."referencia", 'validando', COALESCE(r."request", 'null'::jsonb), ${now}
  FROM lease, jsonb_to_recordset(${rows}::jsonb) AS r("id" uuid, "linha" int, "referencia" text, "request" jsonb)`;
