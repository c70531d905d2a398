import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-line.js';

describe('csvLine', () => {
  it('quotes what RFC 4180 requires and doubles quotes; null is the empty cell; CRLF ends the record', () => {
    expect(csvLine(['a', 'b c', null, ''])).toBe('a,b c,,\r\n');
    expect(csvLine(['x,y', 'diz "oi"', 'duas\nlinhas'])).toBe('"x,y","diz ""oi""","duas\nlinhas"\r\n');
  });

  it('writes text that a spreadsheet would run as a formula after an apostrophe', () => {
    expect(csvLine(['=HYPERLINK("http://x")', '+1', '-1', '@SOMA(A1)', '\tx', 'a=b'])).toBe(
      `"'=HYPERLINK(""http://x"")",'+1,'-1,'@SOMA(A1),'\tx,a=b\r\n`,
    );
  });

  it('leaves numeric cells as they are, a negative value included', () => {
    expect(csvLine(['-10.50', '-10.50'], new Set([0]))).toBe("-10.50,'-10.50\r\n");
  });
});
