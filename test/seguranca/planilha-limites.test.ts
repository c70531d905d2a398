// Spreadsheets built to exhaust memory are refused with 422 while they are read, before a cell, a row or a shared
// string is whole in memory, and nothing of the batch is stored; every route that takes a sheet reads it the
// same way (REST multipart, and the GraphQL mutation the panel uses). A batch of the largest legitimate size
// still passes.
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUNAS, readPlanilha } from '../../src/engine/lotes/read-planilha.js';
import { graphql } from '../support/graphql.js';
import { columnName, HEADER, inlineCell, letters, xlsxOfRows } from '../support/hostile-xlsx.js';
import { expectProblem, httpClient, type Http } from '../support/http.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let http: Http;

beforeAll(async () => {
  t = await startTestApp();
  acct = await seedAccount(t.app.engine);
  company = await acct.company();
  http = httpClient(t.url, acct.testKey);
}, 120_000);
afterAll(async () => t?.close());

const lotes = async () => (await http.get('/v1/lotes?limite=100')).body.dados.length as number;

/** Uploads `file` as the batch's sheet; expects 422 `planilha_invalida`, nothing stored, and answers the message. */
async function refused(file: Buffer): Promise<string> {
  const before = await lotes();
  const form = new FormData();
  form.append('empresa_id', company.id);
  form.append('planilha', new Blob([new Uint8Array(file)]), 'lote.xlsx');
  const res = await http.request('POST', '/v1/lotes', { raw: form });
  expectProblem(res, 422, 'planilha_invalida');
  expect(await lotes()).toBe(before);
  return res.body.mensagem as string;
}

const line = (n: number, ...cells: Array<string | Iterable<string>>) =>
  (function* () {
    yield `<row r="${n}">`;
    for (const cell of cells) yield* typeof cell === 'string' ? [cell] : cell;
    yield '</row>';
  })();

describe('a spreadsheet built to exhaust memory', () => {
  it('a cell of 2 MB is refused naming its line and column', async () => {
    const file = await xlsxOfRows([HEADER, ...line(2, inlineCell('A2', letters(2)))]);
    expect(await refused(file)).toBe(
      'A célula A2 da planilha (linha 2, coluna A) tem mais de 64 KB; o limite por célula é 64 KB.',
    );
  });

  it('a shared string of 2 MB is refused', async () => {
    const file = await xlsxOfRows([HEADER, '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'], {
      sharedStrings: ['<si><t>', ...letters(2), '</t></si>'],
    });
    expect(await refused(file)).toBe(
      'O texto nº 1 da tabela de textos da planilha (xl/sharedStrings.xml) tem mais de 64 KB; o limite por célula é 64 KB.',
    );
  });

  it("a row of cells out to Excel's last column, 1.4 MB, is refused naming the line", async () => {
    const texts = [...letters(1)][0]!;
    const cells = Array.from({ length: 16_384 }, (_, i) =>
      inlineCell(`${columnName(i + 1)}2`, texts.slice(i * 40, i * 40 + 40)),
    );
    const file = await xlsxOfRows([HEADER, ...line(2, ...cells)]);
    expect(await refused(file)).toMatch(/^A linha 2 da planilha tem mais de 1 MB;/);
  });

  it('a zip bomb, 64 MB of spaces between rows in a 70 KB file, is refused before it is inflated', async () => {
    const spaces = Buffer.alloc(1024 * 1024, ' ');
    const file = await xlsxOfRows([
      HEADER,
      ...line(2, inlineCell('A2', 'r-1')),
      ...Array.from({ length: 64 }, () => spaces),
      ...line(3, inlineCell('A3', 'r-2')),
    ]);
    expect(file.length).toBeLessThan(200 * 1024);
    expect(await refused(file)).toMatch(
      /^A parte xl\/worksheets\/sheet1\.xml da planilha se expande \d+ vezes ao ser descompactada \(65 MB\); o limite é 200 vezes\.$/,
    );
  });

  it('an archive of 3,000 parts is refused', async () => {
    const extra = Array.from({ length: 3000 }, (_, i) => ({ name: `xl/media/x${i}.xml`, chunks: ['<x/>'] }));
    const file = await xlsxOfRows([HEADER, ...line(2, inlineCell('A2', 'r-1'))], { extra });
    expect(await refused(file)).toBe('A planilha tem 3004 arquivos internos; o limite é 2000.');
  });

  it("columns declared past Excel's last one (which exceljs would make one by one) are refused", async () => {
    const file = await xlsxOfRows([HEADER, ...line(2, inlineCell('A2', 'r-1'))], {
      head: '<cols><col min="1" max="1000000" width="9"/></cols>',
    });
    expect(await refused(file)).toBe('A planilha declara colunas além da última do Excel (XFD, 16.384).');
  });

  it('text outside the cells is bounded too: 2 MB between two rows is refused', async () => {
    const file = await xlsxOfRows([HEADER, ...line(2, inlineCell('A2', 'r-1')), ...letters(2)]);
    expect(await refused(file)).toBe(
      'A parte xl/worksheets/sheet1.xml da planilha tem mais de 1 MB de texto fora das células.',
    );
  });

  it('GraphQL createLote, as the panel uploads, refuses the same cell', async () => {
    const file = await xlsxOfRows([HEADER, ...line(2, inlineCell('A2', letters(2)))]);
    const data = await graphql(
      t.url,
      acct.testKey,
      `
        mutation ($input: LoteInput!, $planilha: String) {
          createLote(input: $input, planilha: $planilha) {
            __typename
            ... on DomainError {
              codigo
              mensagem
            }
          }
        }
      `,
      { input: { empresaId: company.id }, planilha: file.toString('base64') },
    );
    expect(data.createLote).toEqual({
      __typename: 'DomainError',
      codigo: 'planilha_invalida',
      mensagem: 'A célula A2 da planilha (linha 2, coluna A) tem mais de 64 KB; o limite por célula é 64 KB.',
    });
  });
});

describe('a batch of the largest legitimate size', () => {
  it('5,000 lines of every column, the long texts at 2,000 characters, are read whole and intact', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lote');
    sheet.addRow([...COLUNAS]);
    // Accented text, so that characters of two bytes fall across the chunks the parts are inflated in.
    const long = (n: number, what: string) => `${what} ${n} `.padEnd(2000, 'açãoé');
    for (let n = 1; n <= 5000; n++) {
      sheet.addRow(
        COLUNAS.map((coluna) =>
          coluna === 'servico.descricao' || coluna === 'informacoes_complementares'
            ? long(n, coluna)
            : `${coluna} ${n}`.padEnd(60, 'ã'),
        ),
      );
    }
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const bytes = {
      size: file.length,
      read: (start: number, end: number) => Readable.from([file.subarray(start, end)]),
    };
    let count = 0;
    for await (const item of readPlanilha(bytes, 5000)) {
      count++;
      const { servico, informacoes_complementares } = item as {
        servico: { descricao: string };
        informacoes_complementares: string;
      };
      expect(servico.descricao).toBe(long(count, 'servico.descricao'));
      expect(informacoes_complementares).toBe(long(count, 'informacoes_complementares'));
    }
    expect(count).toBe(5000);
  }, 120_000);
});
