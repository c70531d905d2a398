import type { Readable } from 'node:stream';

/**
 * The bytes of an uploaded spreadsheet, read by range: an .xlsx is a zip, whose parts are found from the
 * directory at its end and read in the order the sheet needs them, never whole in memory.
 */
export interface PlanilhaBytes {
  readonly size: number;
  /** Bytes `start` (inclusive) to `end` (exclusive), as a stream. */
  read(start: number, end: number): Readable;
}
