import { createReadStream, type ReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { PlanilhaBytes } from '../engine/lotes/planilha-bytes.js';

/**
 * A multipart file the HTTP host spooled to disk as it arrived (a spreadsheet of up to 20 MB): the operation
 * reads it back by ranges and idempotency compares its SHA-256, so its bytes are never whole in memory. The
 * host removes it when the call ends.
 */
export class UploadedFile implements PlanilhaBytes {
  readonly #streams: ReadStream[] = [];

  constructor(
    readonly path: string,
    readonly sha256: string,
    readonly size: number,
  ) {}

  read(start: number, end: number): Readable {
    if (end <= start) return Readable.from([]);
    const stream = createReadStream(this.path, { start, end: end - 1 });
    this.#streams.push(stream);
    return stream;
  }

  /** Closes what was opened and not read to its end, and deletes the file. */
  async remove(): Promise<void> {
    for (const stream of this.#streams) stream.destroy();
    await rm(this.path, { force: true });
  }
}
