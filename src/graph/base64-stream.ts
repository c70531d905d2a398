import { Readable } from 'node:stream';

// Characters of text decoded at a time (a multiple of 4: whole groups of 3 bytes).
const SLICE = 64 * 1024;

/**
 * The bytes of a base64 text as a stream, decoded a slice at a time as the reader asks for them: a spreadsheet
 * sent as base64 is never whole in memory as bytes beside its text. Characters outside the base64 alphabets
 * (line breaks) are skipped, as `Buffer.from(text, 'base64')` skips them.
 */
export function base64Stream(text: string): Readable {
  return Readable.from((function* () {
    let carry = '';
    for (let i = 0; i < text.length; i += SLICE) {
      const part = carry + text.slice(i, i + SLICE).replace(/[^A-Za-z0-9+/\-_=]/g, '');
      const whole = part.length - (part.length % 4);
      if (whole > 0) yield Buffer.from(part.slice(0, whole), 'base64');
      carry = part.slice(whole);
    }
    if (carry) yield Buffer.from(carry, 'base64');
  })(), { objectMode: false });
}
