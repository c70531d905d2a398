import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { EngineError } from '../errors.js';
import { limitXmlPart, type XmlPartLimits } from './limit-xml-part.js';
import type { PlanilhaBytes } from './planilha-bytes.js';
import { openZipEntry, readZipEntries, type ZipEntry } from './zip-entries.js';

type SheetReader = ExcelJS.stream.xlsx.WorksheetReader;

/**
 * The parsers of one part each inside exceljs' streaming WorkbookReader (exceljs 4.4.0, pinned). Its own walk over
 * the zip is not used: it takes the parts in the order they were written, puts a worksheet that comes before the
 * workbook and its shared strings (as exceljs itself writes files) in a temporary file for later, and its zip
 * parser can report the end of the archive while parts it has already read are still waiting in its buffer, so
 * the workbook part is sometimes never seen and the deferred worksheet fails to parse.
 */
interface PartParsers {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: AsyncIterable<unknown>, sheetNo: string): Iterable<{ eventType: string; value: SheetReader }>;
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';

const MB = 1024 * 1024;
/**
 * How large a part may be once inflated. A zip states each part's size, and a small upload can state gigabytes
 * (a zip bomb). The shared strings are held whole while the sheet is read, so theirs is the tight one: a batch's
 * largest legitimate text (5,000 rows of the longest fields) stays well under it. The worksheet streams row by row.
 */
const PART_LIMITS: Record<string, number> = {
  [SHARED_STRINGS]: 48 * MB,
  [STYLES]: 8 * MB,
  [WORKBOOK]: 2 * MB,
  [WORKBOOK_RELS]: 2 * MB,
};
const WORKSHEET_LIMIT = 256 * MB;
/**
 * What else bounds a part while it streams (limit-xml-part.ts): the sheet its cells and rows, the shared strings
 * their entries; the parts exceljs holds as objects, how many elements they have (a workbook's styles number some
 * thousands at most; Excel itself allows 64,000 cell formats).
 */
const XML_LIMITS: Record<string, XmlPartLimits> = {
  [SHARED_STRINGS]: { kind: 'shared-strings', maxElements: 1_000_000 },
  [STYLES]: { kind: 'other', maxElements: 500_000 },
  [WORKBOOK]: { kind: 'other', maxElements: 100_000 },
  [WORKBOOK_RELS]: { kind: 'other', maxElements: 100_000 },
};
const SHEET_LIMITS: XmlPartLimits = { kind: 'worksheet' };
/**
 * Inflated bytes per compressed byte above which a part of more than a megabyte is refused before it is inflated:
 * a spreadsheet's XML compresses some 5 to 30 times (rows of formatting alone less than 100), while a small file
 * that inflates to hundreds of megabytes of one repeated byte compresses about 1,000 times, the most deflate can.
 */
const MAX_RATIO = 200;
/** Parts an .xlsx may have: a workbook lists some dozens, a few hundred with many images or tabs. */
const MAX_PARTS = 2000;

/**
 * The first sheet of an .xlsx (the first one of the workbook's tabs), ready to be read row by row as it is
 * inflated; null when the workbook lists no sheet. The workbook, its relationships, the shared strings and the
 * styles are read first, straight from their places in the file, so that cells can be typed as the sheet streams
 * past, whatever order the parts were written in. Throws a plain Error for a file that is not such a zip.
 */
export async function openFirstSheet(bytes: PlanilhaBytes): Promise<SheetReader | null> {
  const entries = await readZipEntries(bytes);
  if (entries.size > MAX_PARTS)
    throw tooLarge(`A planilha tem ${entries.size} arquivos internos; o limite é ${MAX_PARTS}.`);
  // A part's entry, or undefined where the archive has none; one over its limits is refused before it is inflated.
  const entryOf = (name: string): ZipEntry | undefined => {
    const entry = entries.get(name);
    const limit = PART_LIMITS[name] ?? WORKSHEET_LIMIT;
    if (entry && entry.size > limit) {
      throw tooLarge(
        `A parte ${name} da planilha tem ${Math.ceil(entry.size / MB)} MB descompactada; o limite é ${limit / MB} MB.`,
      );
    }
    if (entry && entry.size > MB && entry.size > MAX_RATIO * entry.compressedSize) {
      throw tooLarge(
        `A parte ${name} da planilha se expande ${Math.floor(entry.size / Math.max(entry.compressedSize, 1))} vezes ao ser descompactada (${Math.ceil(entry.size / MB)} MB); o limite é ${MAX_RATIO} vezes.`,
      );
    }
    return entry;
  };
  const open = async (name: string, entry: ZipEntry) =>
    limitXmlPart(await openZipEntry(bytes, entry), name, XML_LIMITS[name] ?? SHEET_LIMITS);
  const required = (name: string): ZipEntry => {
    const entry = entryOf(name);
    if (!entry) throw new Error(`no ${name} in the archive`);
    return entry;
  };
  // exceljs declares none of the reader's part parsers this drives (PartParsers), only its streaming API.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined as never, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  }) as unknown as PartParsers;
  await reader._parseRels(await open(WORKBOOK_RELS, required(WORKBOOK_RELS)));
  await reader._parseWorkbook(await open(WORKBOOK, required(WORKBOOK)));
  const first = reader.model?.sheets?.[0];
  if (!first) return null;
  const target = reader.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  if (!target) throw new Error(`no relationship ${first.rId} for the first sheet`);
  // Targets are relative to the workbook's folder unless they start at the package root.
  const sheetPart = target.startsWith('/')
    ? target.slice(1)
    : posix.normalize(posix.join(posix.dirname(WORKBOOK), target));
  const sheet = required(sheetPart);
  const sharedStrings = entryOf(SHARED_STRINGS);
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(await open(SHARED_STRINGS, sharedStrings)));
  const styles = entryOf(STYLES);
  if (styles) await reader._parseStyles(await open(STYLES, styles));
  // exceljs names a sheet from the number in its part's name; the name is not used here.
  const sheetNo = /(\d+)\.xml$/.exec(sheetPart)?.[1] ?? '1';
  for (const { eventType, value } of reader._parseWorksheet(await open(sheetPart, sheet), sheetNo)) {
    if (eventType === 'worksheet') return value;
  }
  throw new Error('exceljs emitted no worksheet');
}

const tooLarge = (mensagem: string) =>
  new EngineError('planilha_invalida', mensagem, {
    campo: null,
    correcao:
      'Envie só as colunas da nota, sem imagens, fórmulas ou abas extras grandes; divida a planilha em lotes menores se preciso.',
  });
