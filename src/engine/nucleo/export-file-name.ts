/**
 * A file name of an export's ZIP from a document's identification: characters other than letters, digits, `.`,
 * `_` and `-` become `_` (no path separators, nothing a file system refuses), and a name already given in this
 * archive gets a numbered suffix, so no entry replaces another when extracted.
 */
export function exportFileName(given: Set<string>, wanted: string): string {
  const base = wanted.replace(/[^\w.-]/g, '_').slice(0, 120) || 'documento';
  let name = base;
  for (let n = 2; given.has(name); n++) name = `${base}-${n}`;
  given.add(name);
  return name;
}
