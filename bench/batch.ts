// Batch throughput (issue 9): a 5,000-line batch with a live key, the built-in simulator authorising at once.
// Prints one JSON object: validation time of a 5,000-row JSON batch and of a 5,000-row .xlsx (POST until the
// batch leaves `validando`), time from POST to LOTE_EMISSAO_CONCLUIDO for 5,000 notes, the server process's
// peak RSS, and the peak RSS while a ~20 MB sheet is read. Embedded by default; on PostgreSQL (+ Redis) when
// DATABASE_URL (and REDIS_URL) are set: run once per mode. The server's CPU time per issued note and the machine's
// load average are printed too: on a shared machine wall times follow the load.
// Usage: npm run bench:batch [-- --lines 5000 --issue-lines 5000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const lines = arg('lines', 5000);
// Lines actually issued (default: all); a smaller figure keeps a run short on a busy machine.
const issueLines = arg('issue-lines', lines);
const MB = 1024 * 1024;

const { startTestApp } = await import('../test/support/test-app.js');
const { seedAccount } = await import('../test/support/seed.js');
const { parseConfig } = await import('../src/config.js');
const { createApp } = await import('../src/main.js');
const { createLogger } = await import('../src/logger.js');

// Embedded as `npm start` runs it (PGlite on disk); PostgreSQL through the test kit (a schema of its own).
let dataDir: string | null = null;
const t = process.env.DATABASE_URL
  ? await startTestApp()
  : await (async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'bench-batch-'));
      const app = await createApp({ config: parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), logger: createLogger('silent') });
      const url = await app.listen();
      return { app, url, close: async () => (await app.close(), rmSync(dataDir!, { recursive: true, force: true })) };
    })();
const mode = t.app.database.kind === 'postgres' ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'embedded (PGlite on disk)';
console.error(`batch bench: ${mode}, ${lines} lines`);

const account = await seedAccount(t.app.engine, 'bench-batch');
const company = await account.company();
let run = 0;
const line = (i: number) => ({
  referencia: `bench-${run}-${i}`,
  tomador: { documento: '52998224725', nome: 'Cliente Bench' },
  valor: '100.00',
  servico: { descricao: 'Consultoria' },
});

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

async function post(body: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/v1/lotes`, { method: 'POST', body, headers: { authorization: `Bearer ${account.liveKey}`, ...headers } });
  const text = await res.text();
  if (res.status !== 202) throw new Error(`POST /v1/lotes ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as { id: string };
}

/** Reads the batch from the database (polling over HTTP would meet the 120/min rate limit). */
async function until(id: string, statuses: string[]) {
  for (;;) {
    const lote = await t.app.engine.db.lote.findUniqueOrThrow({ where: { id } });
    if (statuses.includes(lote.status)) return lote;
    await sleep(20);
  }
}

async function xlsx(rows: number, extra: (i: number) => string[] = () => []): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Lote');
  const wide = extra(0).length > 0;
  ws.addRow(['referencia', 'tomador.documento', 'tomador.nome', 'valor', 'servico.descricao', ...(wide ? ['informacoes_complementares', 'tomador.endereco.logradouro'] : [])]).commit();
  for (let i = 0; i < rows; i++) ws.addRow([`bench-${run}-${i}`, 52998224725, 'Cliente Bench', 100, 'Consultoria', ...extra(i)]).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const form = (file: Buffer) => {
  const f = new FormData();
  f.append('empresa_id', company.id);
  f.append('ao_validar', 'aguardar');
  f.append('planilha', new Blob([new Uint8Array(file)]), 'lote.xlsx');
  return f;
};

// Warm-up (not measured): loads the validation, XML and signing code paths.
run++;
const warm = await post(JSON.stringify({ empresa_id: company.id, itens: Array.from({ length: 20 }, (_, i) => line(i)) }), { 'content-type': 'application/json' });
await until(warm.id, ['concluido', 'erro']);

run++;
const jsonBody = JSON.stringify({ empresa_id: company.id, ao_validar: 'aguardar', itens: Array.from({ length: lines }, (_, i) => line(i)) });
let start = performance.now();
const validated = await post(jsonBody, { 'content-type': 'application/json' });
await until(validated.id, ['aguardando_emissao', 'erro']);
const validationJsonSeconds = (performance.now() - start) / 1000;

run++;
const sheet = await xlsx(lines);
start = performance.now();
const fromSheet = await post(form(sheet));
await until(fromSheet.id, ['aguardando_emissao', 'erro']);
const validationXlsxSeconds = (performance.now() - start) / 1000;

run++;
const issueBody = JSON.stringify({ empresa_id: company.id, itens: Array.from({ length: issueLines }, (_, i) => line(i)) });
start = performance.now();
// CPU time is steadier than wall time on a shared machine (bench/nfse-issue.ts does the same).
const cpuBefore = process.cpuUsage();
const issued = await post(issueBody, { 'content-type': 'application/json' });
const done = await until(issued.id, ['concluido', 'erro']);
const issueSeconds = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const issueCpuMsPerNote = (cpu.user + cpu.system) / 1000 / issueLines;
const events = await t.app.engine.db.event.count({ where: { tipo: 'LOTE_EMISSAO_CONCLUIDO', dados: { path: ['id'], equals: issued.id } } });
const notes = await t.app.engine.db.nfse.groupBy({ by: ['status'], where: { loteId: issued.id }, _count: true });
const issuePeakRssMb = peakRss / MB;

// A ~20 MB sheet (5,000 rows of long, incompressible text): the reader's peak memory over the baseline.
run++;
const big = await xlsx(lines, () => [randomBytes(1500).toString('base64'), randomBytes(1400).toString('base64'), randomBytes(140).toString('base64')]);
global.gc?.();
const baseline = process.memoryUsage().rss;
peakRss = baseline;
const bigLote = await post(form(big));
await until(bigLote.id, ['aguardando_emissao', 'erro']);
const sheetPeakRssMb = peakRss / MB;

clearInterval(sampler);
console.log(JSON.stringify({
  bench: 'batch',
  mode,
  lines,
  issueLines,
  validationJsonSeconds: Number(validationJsonSeconds.toFixed(2)),
  validationXlsxSeconds: Number(validationXlsxSeconds.toFixed(2)),
  issueSeconds: Number(issueSeconds.toFixed(2)),
  peakRssMb: Math.round(issuePeakRssMb),
  issueCpuMsPerNote: Number(issueCpuMsPerNote.toFixed(1)),
  loadAverage: Number((await import('node:os')).loadavg()[0]!.toFixed(1)),
  issued: { status: done.status, notes: Object.fromEntries(notes.map((n) => [n.status, n._count])), loteEmissaoConcluidoEvents: events },
  jsonBodyMb: Number((jsonBody.length / MB).toFixed(1)),
  xlsxFileMb: Number((sheet.length / MB).toFixed(2)),
  sheet20Mb: { fileMb: Number((big.length / MB).toFixed(1)), rssBeforeMb: Math.round(baseline / MB), peakRssMb: Math.round(sheetPeakRssMb) },
}));
await t.close();
process.exit(0);
