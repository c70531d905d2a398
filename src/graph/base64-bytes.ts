import { Readable } from 'node:stream';
import type { PlanilhaBytes } from '../engine/lotes/planilha-bytes.js';

// Bytes decoded at a time (whole groups of 3 bytes, 4 characters each).
const SLICE = 48 * 1024;
const OUTSIDE_ALPHABETS = /[^A-Za-z0-9+/\-_=]/g;

/**
 * The bytes of a base64 text, decoded a slice at a time from any offset as the reader asks for them: a
 * spreadsheet sent as base64 is never whole in memory as bytes beside its text. Characters outside the base64
 * alphabets (line breaks) are skipped, as `Buffer.from(text, 'base64')` skips them; a text that has any is copied
 * once without them, so that every 4 characters are 3 bytes.
 */
export function base64Bytes(text: string): PlanilhaBytes {
  // A replace that finds nothing answers the text itself, uncopied.
  const clean = text.replace(OUTSIDE_ALPHABETS, '');
  let chars = clean.length;
  while (chars > 0 && clean[chars - 1] === '=') chars--;
  return {
    size: Math.floor((chars * 3) / 4),
    read: (start, end) =>
      Readable.from(
        (function* () {
          for (let at = start; at < end; at += SLICE) {
            const stop = Math.min(end, at + SLICE);
            const group = Math.floor(at / 3);
            const decoded = Buffer.from(clean.slice(group * 4, Math.min(Math.ceil(stop / 3) * 4, chars)), 'base64');
            yield decoded.subarray(at - group * 3, stop - group * 3);
          }
        })(),
        { objectMode: false },
      ),
  };
}
