// Batch throughput: a 5,000-line batch with a live key, the national simulator authorising at once.
// Three processes, so that each one's cost is its own: the service exactly as `npm start` runs it (dist/ built by
// scripts/build.mjs, plain node with the flags of package.json's start script, `serve`: API + worker), the
// national simulator (`dist/cli/main.js simulator`, the service's live and test URLs, so the service's own
// simulator stays idle and never loads libxml2) and this process, the client. The account, company and keys are
// seeded before the service starts, through the composition root on the same DATA_DIR or database. Prints one
// JSON object: validation time of a 5,000-row JSON batch and of a 5,000-row .xlsx (POST until the batch leaves
// `validando`), time from POST to LOTE_EMISSAO_CONCLUIDO for 5,000 notes, the service's peak RSS (VmHWM) and CPU
// per issued note, the simulator's alike, and the service's peak RSS while a sheet just under the 20 MB upload
// limit is read, with how long its upload took and the longest wait of other requests made meanwhile. CPU comes
// from /proc/<pid>/stat, steadier than wall time on a shared machine; the load average is printed beside the
// times. Embedded by default; on PostgreSQL (+ Redis) when DATABASE_URL (and REDIS_URL) are set, in a database
// created for the run: run once per mode.
// Usage: npm run bench:batch [-- --lines 5000 --issue-lines 5000 --cpu-prof /tmp/prof]   (--cpu-prof: the service's profile)
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { parseConfig } from '../src/config.js';
import { createLogger } from '../src/create-logger.js';
import { createApp } from '../src/create-app.js';
import { cleanUpChildren, startChildProcess } from '../test/support/child-service.js';
import { seedAccount } from '../test/support/seed.js';
import { startFlags } from './start-flags.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const lines = Number(arg('lines')) || 5000;
// Lines actually issued (default: all); a smaller figure keeps a run short on a busy machine.
const issueLines = Number(arg('issue-lines')) || lines;
const cpuProfDir = arg('cpu-prof');
const MB = 1024 * 1024;
// USER_HZ: the unit of utime/stime in /proc/<pid>/stat on Linux.
const TICK_MS = 10;
const KEYS = 10;
// The rows of the sheet of the upload limit's size: the most a live key's batch takes, whatever --lines is.
const BIG_SHEET_ROWS = 5000;

const mode = process.env.DATABASE_URL
  ? `postgres${process.env.REDIS_URL ? '+redis' : ''}`
  : 'embedded (PGlite on disk)';
console.error(`batch bench: ${mode}, ${lines} lines`);

const startNodeFlags = startFlags();
const heapLimitMb = Number(/--max-old-space-size=(\d+)/.exec(startNodeFlags.join(' '))?.[1] ?? NaN);
execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });

const dataDir = mkdtempSync(join(tmpdir(), 'bench-batch-'));
// On PostgreSQL a database of the run's own, dropped at the end (the service takes DATABASE_URL as it is).
const dbName = `bbatch_${randomBytes(5).toString('hex')}`;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
const databaseUrl = process.env.DATABASE_URL
  ? Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${dbName}` }).toString()
  : undefined;
if (databaseUrl) await admin(`CREATE DATABASE "${dbName}"`);
const children: ChildProcess[] = [];
const simulator = await startChildProcess<{ simulador: string }>(
  'dist/cli/main.js',
  { DATA_DIR: join(dataDir, 'national') },
  children,
  { args: ['simulator', '--port', '0'] },
);
const serviceEnv: Record<string, string> = {
  NATIONAL_API_URL_LIVE: simulator.info.simulador,
  NATIONAL_API_URL_TEST: simulator.info.simulador,
  DATA_DIR: join(dataDir, 'service'),
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

// Seeding through the composition root on the service's DATA_DIR (its master key) and database, then closed:
// the embedded DATA_DIR admits one process at a time.
const seeder = await createApp({
  config: parseConfig({ ...process.env, ...serviceEnv }),
  logger: createLogger('silent'),
  role: 'api',
  worker: false,
});
const account = await seedAccount(seeder.engine, 'bench-batch');
const companyId = (await account.company()).id;
const keys = [account.liveKey];
while (keys.length < KEYS) keys.push(await account.key('live'));
await seeder.close();

const service = await startChildProcess<{ servindo: string }>('dist/cli/main.js', serviceEnv, children, {
  args: ['serve'],
  nodeArgs: [...startNodeFlags, ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])],
});
const url = service.info.servindo;

/** CPU time (user + system) and peak RSS of a child, from /proc. */
function usage(child: ChildProcess) {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))!;
  return { cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS, peakRssMb: Math.round(Number(hwm[1]) / 1024) };
}
/** Starts a new peak-RSS measurement of the child (Linux: "5" into clear_refs resets VmHWM to the current RSS). */
const resetPeak = (child: ChildProcess) => writeFileSync(`/proc/${child.pid}/clear_refs`, '5');

let call = 0;
async function request(method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    body,
    headers: { authorization: `Bearer ${keys[call++ % keys.length]}`, ...headers },
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  request('POST', '/v1/lotes', body, headers) as Promise<{ id: string }>;

/**
 * Runs `work` while another request (the company's readiness) is made every `everyMs`, one at a time: its result
 * and the longest any of those requests waited.
 */
async function probed<T>(work: () => Promise<T>, everyMs: number): Promise<{ result: T; otherRequestMaxMs: number }> {
  let running = true;
  let otherRequestMaxMs = 0;
  const others = (async () => {
    while (running) {
      const at = performance.now();
      await request('GET', `/v1/companies/${companyId}/prontidao`);
      otherRequestMaxMs = Math.max(otherRequestMaxMs, performance.now() - at);
      await sleep(everyMs);
    }
  })();
  try {
    const result = await work();
    running = false;
    await others;
    return { result, otherRequestMaxMs };
  } finally {
    running = false;
  }
}

/** Polls the batch every 250 ms, the calls spread over the keys. */
async function until(id: string, statuses: string[]) {
  for (;;) {
    const lote = await request('GET', `/v1/lotes/${id}`);
    if (statuses.includes(lote.status)) return lote as { status: string; contagens: Record<string, number> };
    await sleep(250);
  }
}

let run = 0;
const line = (i: number) => ({
  referencia: `bench-${run}-${i}`,
  tomador: { documento: '52998224725', nome: 'Cliente Bench' },
  valor: '100.00',
  servico: { descricao: 'Consultoria' },
});

async function xlsx(rows: number, extra: (i: number) => string[] = () => []): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Lote');
  const wide = extra(0).length > 0;
  ws.addRow([
    'referencia',
    'tomador.documento',
    'tomador.nome',
    'valor',
    'servico.descricao',
    ...(wide ? ['informacoes_complementares', 'tomador.endereco.logradouro'] : []),
  ]).commit();
  for (let i = 0; i < rows; i++)
    ws.addRow([`bench-${run}-${i}`, 52998224725, 'Cliente Bench', 100, 'Consultoria', ...extra(i)]).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const form = (file: Buffer) => {
  const f = new FormData();
  f.append('empresa_id', companyId);
  f.append('ao_validar', 'aguardar');
  f.append('planilha', new Blob([new Uint8Array(file)]), 'lote.xlsx');
  return f;
};

/** LOTE_EMISSAO_CONCLUIDO events of the batch, read from the log after the measurement. */
async function concluidoEvents(loteId: string) {
  let n = 0;
  let apos: string | null = null;
  for (;;) {
    const page = (await request('GET', `/v1/eventos?limite=1000${apos ? `&apos=${apos}` : ''}`)) as {
      eventos: Array<{ tipo: string; dados: { id?: string } }>;
      proximo_cursor: string;
    };
    n += page.eventos.filter((e) => e.tipo === 'LOTE_EMISSAO_CONCLUIDO' && e.dados.id === loteId).length;
    if (page.eventos.length === 0) return n;
    apos = page.proximo_cursor;
  }
}

try {
  // Warm-up (not measured): loads the validation, XML and signing code paths in both processes.
  run++;
  const warm = await post(
    JSON.stringify({ empresa_id: companyId, itens: Array.from({ length: 20 }, (_, i) => line(i)) }),
    { 'content-type': 'application/json' },
  );
  await until(warm.id, ['concluido', 'erro']);

  run++;
  const jsonBody = JSON.stringify({
    empresa_id: companyId,
    ao_validar: 'aguardar',
    itens: Array.from({ length: lines }, (_, i) => line(i)),
  });
  let start = performance.now();
  const validated = await post(jsonBody, { 'content-type': 'application/json' });
  await until(validated.id, ['aguardando_emissao', 'erro']);
  const validationJsonSeconds = (performance.now() - start) / 1000;
  // Peak RSS per phase (each from the end of the previous one; the first includes start-up and warm-up).
  const peaks: Record<string, number> = { validationJson: usage(service.child).peakRssMb };
  resetPeak(service.child);

  run++;
  const sheet = await xlsx(lines);
  start = performance.now();
  const fromSheet = await post(form(sheet));
  await until(fromSheet.id, ['aguardando_emissao', 'erro']);
  const validationXlsxSeconds = (performance.now() - start) / 1000;
  peaks.validationXlsx = usage(service.child).peakRssMb;
  resetPeak(service.child);

  run++;
  const issueBody = JSON.stringify({
    empresa_id: companyId,
    itens: Array.from({ length: issueLines }, (_, i) => line(i)),
  });
  const serviceBefore = usage(service.child);
  const simulatorBefore = usage(simulator.child);
  const clientBefore = process.cpuUsage();
  start = performance.now();
  const {
    result: { issued, done },
    otherRequestMaxMs: issueOtherRequestMaxMs,
  } = await probed(async () => {
    const issued = await post(issueBody, { 'content-type': 'application/json' });
    return { issued, done: await until(issued.id, ['concluido', 'erro']) };
  }, 100);
  const issueSeconds = (performance.now() - start) / 1000;
  const loadAverage = Number(loadavg()[0]!.toFixed(1));
  const serviceAfter = usage(service.child);
  const simulatorAfter = usage(simulator.child);
  peaks.issue = serviceAfter.peakRssMb;
  const client = process.cpuUsage(clientBefore);
  const perNote = (ms: number) => Number((ms / issueLines).toFixed(2));
  const events = await concluidoEvents(issued.id);

  // A sheet just under the 20 MB upload limit (5,000 rows of long text that deflate barely shrinks: base64 of
  // random bytes): the service's peak memory while it reads it. Its size is checked, so that the figure is
  // always that of a sheet of the limit's size.
  run++;
  const big = await xlsx(BIG_SHEET_ROWS, () => [
    randomBytes(1950).toString('base64'),
    randomBytes(1850).toString('base64'),
    randomBytes(190).toString('base64'),
  ]);
  console.error(`sheet of ${(big.length / MB).toFixed(2)} MB (limit 20 MB)`);
  if (big.length < 19 * MB || big.length >= 20 * MB)
    throw new Error(`the large sheet is ${big.length} bytes, not between 19 and 20 MB: adjust its rows`);
  const rssBefore = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${service.child.pid}/status`, 'utf8'))!;
  resetPeak(service.child);
  start = performance.now();
  const { result: bigLote, otherRequestMaxMs } = await probed(() => post(form(big)), 20);
  const uploadSeconds = (performance.now() - start) / 1000;
  await until(bigLote.id, ['aguardando_emissao', 'erro']);

  console.log(
    JSON.stringify({
      bench: 'batch',
      mode,
      lines,
      issueLines,
      validationJsonSeconds: Number(validationJsonSeconds.toFixed(2)),
      validationXlsxSeconds: Number(validationXlsxSeconds.toFixed(2)),
      issueSeconds: Number(issueSeconds.toFixed(2)),
      // The longest wait of the requests made every 100 ms while the batch was issued (about 200 requests, counted
      // in serviceCpuMsPerNote).
      issueOtherRequestMaxMs: Math.round(issueOtherRequestMaxMs),
      // The service process's peak RSS from its start until the batch was issued (validations included).
      peakRssMb: Math.max(...Object.values(peaks)),
      peakRssMbByPhase: peaks,
      heapLimitMb,
      serviceCpuMsPerNote: perNote(serviceAfter.cpuMs - serviceBefore.cpuMs),
      simulator: {
        cpuMsPerNote: perNote(simulatorAfter.cpuMs - simulatorBefore.cpuMs),
        peakRssMb: simulatorAfter.peakRssMb,
      },
      clientCpuMsPerNote: perNote((client.user + client.system) / 1000),
      loadAverage,
      issued: {
        status: done.status,
        contagens: Object.fromEntries(Object.entries(done.contagens).filter(([, n]) => n > 0)),
        loteEmissaoConcluidoEvents: events,
      },
      jsonBodyMb: Number((jsonBody.length / MB).toFixed(1)),
      xlsxFileMb: Number((sheet.length / MB).toFixed(2)),
      sheet20Mb: {
        fileMb: Number((big.length / MB).toFixed(2)),
        rssBeforeMb: Math.round(Number(rssBefore[1]) / 1024),
        peakRssMb: usage(service.child).peakRssMb,
        // POST /v1/lotes until its 202 (the sheet read and its lines stored), and the longest wait of the requests
        // made meanwhile.
        uploadSeconds: Number(uploadSeconds.toFixed(2)),
        otherRequestMaxMs: Math.round(otherRequestMaxMs),
      },
    }),
  );
} finally {
  // SIGTERM first: the service closes cleanly (and writes its --cpu-prof profile).
  const stopped = children.map(
    (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve))),
  );
  for (const c of children) c.kill('SIGTERM');
  await Promise.race([Promise.all(stopped), sleep(15_000)]);
  await cleanUpChildren(children, dataDir, null);
  if (databaseUrl) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
}
process.exit(0);
