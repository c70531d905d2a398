/**
 * One CSV record (RFC 4180) ending in CRLF: a cell with a comma, a quote or a line break is quoted, its quotes
 * doubled; null is the empty cell. A text cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * written after an apostrophe, so a spreadsheet opening the file shows the text instead of running it as a formula
 * (CSV formula injection): a tomador's name is the caller's text. Numbers are passed as `numeric` cells and never
 * prefixed, so a negative value stays a number.
 */
export function csvLine(cells: ReadonlyArray<string | null>, numeric: ReadonlySet<number> = NONE): string {
  return cells.map((cell, i) => csvCell(cell, numeric.has(i))).join(',') + '\r\n';
}

const NONE: ReadonlySet<number> = new Set();
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function csvCell(cell: string | null, numeric: boolean): string {
  if (cell === null) return '';
  const text = !numeric && FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
