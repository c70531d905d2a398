import type { Tx } from '../eventos/append-events.js';
import { newId } from '../nucleo/new-id.js';

// A statement carries lines up to about this much JSON: the database holds a statement's text and its parsed
// copy at once (and PGlite keeps the memory it grew to), and each text below V8's large-object size dies young,
// so a 20 MB spreadsheet goes in small slices, never whole.
const CHUNK_BYTES = 1 << 16;

/**
 * Stores a new batch's lines, in the API's names, as lote_itens `validando` (line numbers from 1), with
 * multi-row inserts of about 64 KB each, the rows passed as one JSON parameter; returns how many. Lines may
 * arrive one at a time (a spreadsheet as it is read): only the statement being filled is held. Runs in the
 * transaction that creates the batch, so a batch is stored with every line or not at all.
 */
export async function insertLoteLines(tx: Tx, loteId: string, lines: Iterable<unknown> | AsyncIterable<unknown>, now: Date): Promise<number> {
  let chunk: string[] = [];
  let bytes = 0;
  let linha = 0;
  for await (const line of lines) {
    const request = line ?? null;
    const referencia = (request as { referencia?: unknown } | null)?.referencia;
    const row = JSON.stringify({ id: newId(), linha: ++linha, referencia: typeof referencia === 'string' ? referencia.slice(0, 200) : null, request });
    chunk.push(row);
    bytes += row.length;
    if (bytes >= CHUNK_BYTES) {
      await insertChunk(tx, loteId, `[${chunk.join(',')}]`, now);
      chunk = [];
      bytes = 0;
    }
  }
  if (chunk.length) await insertChunk(tx, loteId, `[${chunk.join(',')}]`, now);
  return linha;
}

// A line that is JSON null stays the JSON value null (the column is never SQL NULL).
const insertChunk = (tx: Tx, loteId: string, rows: string, now: Date) => tx.$executeRaw`
  INSERT INTO lote_itens (id, lote_id, linha, referencia, status, request, updated_at)
  SELECT "id", ${loteId}::uuid, "linha", "referencia", 'validando', COALESCE("request", 'null'::jsonb), ${now}
  FROM jsonb_to_recordset(${rows}::jsonb) AS r("id" uuid, "linha" int, "referencia" text, "request" jsonb)`;
