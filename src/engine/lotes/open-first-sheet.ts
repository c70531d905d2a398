import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
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

/**
 * The first sheet of an .xlsx (the first one of the workbook's tabs), ready to be read row by row as it is
 * inflated; null when the workbook lists no sheet. The workbook, its relationships, the shared strings and the
 * styles are read first, straight from their places in the file, so that cells can be typed as the sheet streams
 * past, whatever order the parts were written in. Throws a plain Error for a file that is not such a zip.
 */
export async function openFirstSheet(bytes: PlanilhaBytes): Promise<SheetReader | null> {
  const entries = await readZipEntries(bytes);
  const part = (name: string): ZipEntry => {
    const entry = entries.get(name);
    if (!entry) throw new Error(`no ${name} in the archive`);
    return entry;
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined as never, {
    worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore',
  }) as unknown as PartParsers;
  await reader._parseRels(await openZipEntry(bytes, part(WORKBOOK_RELS)));
  await reader._parseWorkbook(await openZipEntry(bytes, part(WORKBOOK)));
  const first = reader.model?.sheets?.[0];
  if (!first) return null;
  const target = reader.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  if (!target) throw new Error(`no relationship ${first.rId} for the first sheet`);
  // Targets are relative to the workbook's folder unless they start at the package root.
  const sheetPart = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(WORKBOOK), target));
  const sheet = part(sheetPart);
  const sharedStrings = entries.get('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(await openZipEntry(bytes, sharedStrings)));
  const styles = entries.get('xl/styles.xml');
  if (styles) await reader._parseStyles(await openZipEntry(bytes, styles));
  // exceljs names a sheet from the number in its part's name; the name is not used here.
  const sheetNo = /(\d+)\.xml$/.exec(sheetPart)?.[1] ?? '1';
  for (const { eventType, value } of reader._parseWorksheet(await openZipEntry(bytes, sheet), sheetNo)) {
    if (eventType === 'worksheet') return value;
  }
  throw new Error('exceljs emitted no worksheet');
}
