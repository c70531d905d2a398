import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type { Logger } from 'pino';
import { ZipFile } from 'yazl';
import { csvLine } from './csv-line.js';

export type ExportFormato = 'csv' | 'zip';

/** A file of a ZIP export: its name inside the archive and its bytes. */
export interface ExportFile {
  name: string;
  bytes: Buffer | string;
}

/** One exported document: its CSV record, and (ZIP only) its files, produced when the archive reaches it. */
export interface ExportItem {
  cells: ReadonlyArray<string | null>;
  files(): Promise<ExportFile[]>;
}

export interface ExportSource {
  formato: ExportFormato;
  columns: readonly string[];
  /** Indexes of the columns holding decimal numbers (never prefixed against formulas: see csvLine). */
  numeric: ReadonlySet<number>;
  items: AsyncIterable<ExportItem>;
  /** The CSV's name inside a ZIP. */
  indexName: string;
}

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const ZIP_TYPE = 'application/zip';

/**
 * The export as a stream, written while the items are read: the CSV record by record, each waiting for the reader
 * to take the last (backpressure); the ZIP file by file, the next document's files produced only once the archive
 * has consumed the previous ones, so one document's XML and PDF are in memory at a time. The ZIP's CSV index is
 * spooled to a temporary file and added last. `onClose` runs once the stream is closed, read to its end or not (a
 * client that goes away stops the reading of items). A failure after the first bytes ends the stream with an error:
 * the client sees a cut transfer, never a complete-looking file.
 */
export function writeExport(
  deps: { logger: Logger },
  source: ExportSource,
  onClose: () => void,
): { stream: Readable; contentType: string } {
  const out = source.formato === 'csv' ? new PassThrough() : null;
  const zip = source.formato === 'zip' ? new ZipFile() : null;
  const stream: Readable = out ?? (zip!.outputStream as unknown as Readable);
  stream.once('close', onClose);
  const fail = (err: unknown) => {
    deps.logger.error({ err }, 'exportação interrompida');
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  const header = csvLine(source.columns);
  if (out) void writeCsv(out, header, source).catch(fail);
  else void writeZip(zip!, stream, header, source).catch(fail);
  return { stream, contentType: out ? CSV_TYPE : ZIP_TYPE };
}

async function writeCsv(out: PassThrough, header: string, source: ExportSource): Promise<void> {
  await write(out, '\uFEFF' + header);
  for await (const item of source.items) {
    if (out.destroyed) return;
    await write(out, csvLine(item.cells, source.numeric));
  }
  out.end();
}

async function writeZip(zip: ZipFile, stream: Readable, header: string, source: ExportSource): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'exportacao-'));
  const indexPath = join(dir, source.indexName);
  const index = await open(indexPath, 'w');
  try {
    await index.write('\uFEFF' + header);
    let previous: Promise<void> = Promise.resolve();
    for await (const item of source.items) {
      if (stream.destroyed) return;
      await index.write(csvLine(item.cells, source.numeric));
      for (const file of await item.files()) {
        // The archive takes the entries one after another: waiting for the previous one bounds what is queued.
        await previous;
        if (stream.destroyed) return;
        const bytes = Readable.from([typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : file.bytes]);
        // Handed over lazily and forgotten: the archive keeps every entry until its central directory is written,
        // and an entry that held its stream would keep each file's stream to the end.
        let handed: Readable | null = bytes;
        zip.addReadStreamLazy(file.name, (give) => {
          const entry = handed!;
          handed = null;
          give(null, entry);
        });
        previous = consumed(bytes, stream);
      }
    }
    await previous;
    await index.close();
    if (stream.destroyed) return;
    const indexStream = createReadStream(indexPath);
    zip.addReadStream(indexStream, source.indexName);
    zip.end();
    await consumed(indexStream, stream);
  } finally {
    await index.close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Resolves once the archive has read all of `entry`, or the archive's stream is gone. */
function consumed(entry: Readable, archive: Readable): Promise<void> {
  if (archive.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      entry.off('end', done).off('close', done);
      archive.off('close', done);
      resolve();
    };
    entry.once('end', done).once('close', done);
    archive.once('close', done);
  });
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
}
