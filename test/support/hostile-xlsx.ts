import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** A file of a zip: its contents given as chunks, so that hundreds of megabytes never sit in memory at once. */
export interface ZipPart {
  name: string;
  chunks: Iterable<string | Buffer>;
}

/**
 * A zip archive written by hand (deflated parts, a central directory with their true sizes and CRCs), for .xlsx
 * files no spreadsheet program would write: cells of hundreds of megabytes, rows to the last column.
 */
export async function zipOf(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, crc, size } = await deflated(part.chunks);
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directorySize = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

async function deflated(chunks: Iterable<string | Buffer>) {
  let crc = 0;
  let size = 0;
  const source = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        crc = crc32(bytes, crc);
        size += bytes.length;
        yield bytes;
      }
    })(),
  );
  const out: Buffer[] = [];
  for await (const piece of source.pipe(createDeflateRaw())) out.push(piece as Buffer);
  return { data: Buffer.concat(out), crc, size };
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An .xlsx of one sheet whose sheetData is `rows` (row XML, as chunks), after the worksheet's `head` (its <cols>,
 * …), with `sharedStrings` as the shared strings' <sst> content when given, and any `extra` parts.
 */
export function xlsxOfRows(
  rows: Iterable<string | Buffer>,
  {
    head = '',
    sharedStrings,
    extra = [],
  }: { head?: string; sharedStrings?: Iterable<string | Buffer>; extra?: ZipPart[] } = {},
): Promise<Buffer> {
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      chunks: [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="xml" ContentType="application/xml"/></Types>',
      ],
    },
    {
      name: 'xl/workbook.xml',
      chunks: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}">` +
          '<sheets><sheet name="Lote" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}">` +
          `<Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: (function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}">${head}<sheetData>`;
        yield* rows;
        yield '</sheetData></worksheet>';
      })(),
    },
  ];
  if (sharedStrings) {
    parts.push({
      name: 'xl/sharedStrings.xml',
      chunks: (function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;
        yield* sharedStrings;
        yield '</sst>';
      })(),
    });
  }
  return zipOf([...parts, ...extra]);
}

/** A cell holding `text` (XML already) as an inline string; given as chunks, the cell's XML as chunks. */
export function inlineCell(ref: string, text: string): string;
export function inlineCell(ref: string, text: Iterable<string>): Iterable<string>;
export function inlineCell(ref: string, text: string | Iterable<string>): string | Iterable<string> {
  if (typeof text === 'string') return `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  return (function* () {
    yield `<c r="${ref}" t="inlineStr"><is><t>`;
    yield* text;
    yield '</t></is></c>';
  })();
}

/** The header row of a batch sheet with the one column `referencia`. */
export const HEADER = `<row r="1">${inlineCell('A1', 'referencia')}</row>`;

/**
 * `megabytes` MB of letters as 1 MB chunks: random (`noise` 1, about 1.6 times smaller deflated) or one letter
 * with a random one every 1/`noise` bytes, which deflates some tens of times smaller.
 */
export function* letters(megabytes: number, noise = 1): Generator<string> {
  const size = 1024 * 1024;
  for (let n = 0; n < megabytes; n++) {
    const random = randomBytes(size);
    const chunk = Buffer.alloc(size, 'a');
    for (let i = 0; i < size; i++) if (noise >= 1 || random[i]! < 256 * noise) chunk[i] = 97 + (random[i]! % 26);
    yield chunk.toString('latin1');
  }
}

/** Excel's name of the column numbered `n` from 1 (1 A, 27 AA, 16,384 XFD). */
export function columnName(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}
