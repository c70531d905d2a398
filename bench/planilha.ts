// Reads spreadsheets with readPlanilha, as POST /v1/lotes does: the largest legitimate batch (5,000 lines of the 31
// columns, the long texts at 2,000 accented characters, written by exceljs) and sheets whose one cell inflates to
// 200 MB (one repeated letter; letters that deflate about 40 times). Reports the wall and CPU time of each read
// and the heap it grew to (after a GC before each case).
// Usage: node --expose-gc --import tsx bench/planilha.ts. Prints one JSON line.
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { COLUNAS, readPlanilha } from '../src/engine/lotes/read-planilha.js';
import { HEADER, inlineCell, letters, xlsxOfRows } from '../test/support/hostile-xlsx.js';

const MB = 1024 * 1024;

async function legitimate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lote');
  sheet.addRow([...COLUNAS]);
  for (let n = 1; n <= 5000; n++) {
    sheet.addRow(
      COLUNAS.map((c) =>
        c === 'servico.descricao' || c === 'informacoes_complementares'
          ? `${c} ${n} `.padEnd(2000, 'açãoé')
          : `${c} ${n}`.padEnd(60, 'ã'),
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const oneCell = (chunks: Iterable<string>) =>
  xlsxOfRows([HEADER, '<row r="2">', ...inlineCell('A2', chunks), '</row>']);

async function read(file: Buffer) {
  const bytes = { size: file.length, read: (s: number, e: number) => Readable.from([file.subarray(s, e)]) };
  (globalThis as { gc?: () => void }).gc?.();
  let heap = process.memoryUsage().heapUsed;
  const base = heap;
  const wall = performance.now();
  const cpu = process.cpuUsage();
  let lines = 0;
  let refused: string | null = null;
  try {
    for await (const _ of readPlanilha(bytes, 5000)) {
      lines++;
      heap = Math.max(heap, process.memoryUsage().heapUsed);
    }
  } catch (err) {
    refused = (err as Error).message;
  }
  const used = process.cpuUsage(cpu);
  return {
    arquivo_kb: Math.round(file.length / 1024),
    linhas: lines,
    recusa: refused,
    ms: Math.round(performance.now() - wall),
    cpu_ms: Math.round((used.user + used.system) / 1000),
    heap_cresceu_mb: Math.round(((Math.max(heap, process.memoryUsage().heapUsed) - base) / MB) * 10) / 10,
  };
}

const figures = {
  legitima_5000_linhas: await read(await legitimate()),
  celula_200mb_repetida: await read(await oneCell(Array.from({ length: 200 }, () => 'A'.repeat(MB)))),
  celula_200mb_variada: await read(await oneCell(letters(200, 1 / 64))),
};
console.log(JSON.stringify(figures));
