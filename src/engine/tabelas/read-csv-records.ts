import { readFileSync } from 'node:fs';

/**
 * Minimal RFC 4180 reader for the official tables (UTF-8, comma-separated, quoted fields with doubled quotes and
 * embedded line breaks). The tables are small (< 1.5 MB) and read once, so a synchronous read keeps lookups sync.
 * Copies runs of plain characters at once (slice) rather than one by one: the largest table is read in a few
 * milliseconds instead of tens.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // BOM
  const special = /[",\r\n]/g;
  while (i < text.length) {
    if (quoted) {
      const q = text.indexOf('"', i);
      if (q === -1) {
        field += text.slice(i);
        break;
      }
      field += text.slice(i, q);
      if (text[q + 1] === '"') {
        field += '"';
        i = q + 2;
      } else {
        quoted = false;
        i = q + 1;
      }
      continue;
    }
    special.lastIndex = i;
    const found = special.exec(text);
    if (!found) {
      field += text.slice(i);
      break;
    }
    const at = found.index;
    field += text.slice(i, at);
    const c = text[at];
    i = at + 1;
    if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else {
      if (c === '\r' && text[i] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

/** Rows as objects keyed by the header line. */
export function readCsvRecords(path: string | URL): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  if (!header) return [];
  return rows.map((cells) => {
    const rec: Record<string, string> = {};
    header.forEach((name, idx) => {
      rec[name.trim()] = (cells[idx] ?? '').trim();
    });
    return rec;
  });
}

/**
 * resources/tables/<name>: the tables kept in the repository, the ones the project writes itself and those with no
 * original in the data directory (official datasets: fiscal-data-dir.ts). Resolved from this module's location,
 * at the same depth under src/ and dist/.
 */
export function projectTableUrl(name: string): URL {
  return new URL(`../../../resources/tables/${name}`, import.meta.url);
}

/** Memoises a loader so each table is read at most once per process, and only when first used. */
export function lazy<T>(load: () => T): () => T {
  let value: T | undefined;
  let loaded = false;
  return () => {
    if (!loaded) {
      value = load();
      loaded = true;
    }
    return value as T;
  };
}
