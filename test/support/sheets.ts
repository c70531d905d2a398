import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { cnpjCheckDigits } from '../../src/engine/nucleo/cnpj-check-digits.js';

const run = promisify(execFile);

/**
 * Turns CSV texts (semicolon-separated, as a Brazilian spreadsheet exports them) into .xlsx files with
 * LibreOffice headless, importing them with the pt-BR locale the way a person opening the CSV in Calc would:
 * digits become numbers (losing leading zeros), "1.500,50" a number, "01/11/2026" a date. One soffice run for
 * all files; a private profile so parallel runs do not share one.
 */
export async function xlsxFromCsv(csvs: Record<string, string>): Promise<Record<string, Buffer>> {
  const dir = mkdtempSync(join(tmpdir(), 'lotes-sheets-'));
  try {
    const files = Object.entries(csvs).map(([name, text]) => {
      const path = join(dir, `${name}.csv`);
      writeFileSync(path, text);
      return path;
    });
    // CSV filter tokens: separator 59 (;), text delimiter 34 ("), charset 76 (UTF-8), first line 1, column
    // formats (standard), language 1046 (pt-BR).
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--infilter=CSV:59,34,76,1,,1046',
        '--convert-to',
        'xlsx',
        '--outdir',
        dir,
        ...files,
      ],
      { timeout: 120_000 },
    );
    return Object.fromEntries(Object.keys(csvs).map((name) => [name, readFileSync(join(dir, `${name}.xlsx`))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An .xlsx of one sheet whose cells are the given texts, written by exceljs: for tests of what carries a file (the
 * client libraries' uploads), where how a person's spreadsheet program types the cells is not the point.
 */
export async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lote');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const checkDigit = (digits: number[], weights: number[]) => {
  const rest = digits.reduce((sum, d, i) => sum + d * weights[i]!, 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
};

/** A valid CPF that starts with zeros (a numeric cell drops them). */
export function cpfWithLeadingZero(): string {
  const base = [0, ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10))];
  base[1] = 0;
  const d1 = checkDigit(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit([...base, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, d1, d2].join('');
}

/**
 * A valid numeric CNPJ that starts with exactly one zero: as a number it keeps 13 digits, which can only be a CNPJ.
 * (With three leading zeros it would keep 11 and read as a CPF: such a cell cannot be recovered, see docs/lotes.md.)
 */
export function cnpjWithLeadingZero(): string {
  const base = `0${1 + Math.floor(Math.random() * 9)}${Array.from({ length: 6 }, () => Math.floor(Math.random() * 10)).join('')}0001`;
  return base + cnpjCheckDigits(base);
}
