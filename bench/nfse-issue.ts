// End-to-end NFS-e issuance throughput: POST /v1/nfse, then the GraphQL mutation issueNfse, with a test key (the
// national simulator authorises at once; each request has a unique referencia) from 32 concurrent clients for
// ~20 s each. Prints one JSON object: notes/s, p50/p99 latency, error count, status counts, the server process's
// peak RSS and its CPU time per request, the simulator's, PostgreSQL's and the load process's CPU per note (the
// other users of this machine's cores), and beside them the CPU per note of the bare
// stack (bench/bare-issue-server.ts) loaded the same way in the same run. The REST figures are the top-level
// fields, the GraphQL ones the same fields under `graphql`.
// The national simulator runs as `fiscal-api simulator` in a process of its own (NATIONAL_API_URL_TEST points the
// service at it), so `serverCpuMsPerRequest` is the service alone and `simulatorCpuMsPerNote` the simulator apart.
// Embedded by default; on PostgreSQL (+ Redis) when DATABASE_URL (and REDIS_URL) are set: one run per mode.
// The load runs in a child process (loopback only), so the clients do not share the server's event loop.
// --tracing on runs the service with OpenTelemetry tracing (OTLP over HTTP to a sink in a process of its own, which
// reads and drops the spans), `both` measures off then on in one run and prints the traced figures under
// `tracingOn`; default off, as the service runs unless OTEL_* variables ask for tracing.
// Usage: npm run bench:nfse-issue [-- --seconds 20 --clients 32 --api rest|graphql|both --warmup-seconds 5 --no-analyze
//        --tracing off|on|both]
//        node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/nfse-issue.ts   (profiles of the server and,
//        as CPU.*.cpuprofile of its own pid, of the simulator process)
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { measuredLoad, percentile, REFERENCIA, type LoadPlan, type LoadResult } from './load-clients.js';
import { postgresCpuMs } from './postgres-cpu-ms.js';
import { cpuMsOf, startSimulatorProcess } from './simulator-process.js';
import type { DpsInput } from '../src/engine/nfse/nacional/dps-input.js';
import type { App } from '../src/create-app.js';
import { NFSE_FIELDS } from '../src/rest/operations/nfse-fields.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const seconds = arg('seconds', 20);
const clients = arg('clients', 32);
// Which API issues: REST (POST /v1/nfse), GraphQL (mutation issueNfse on /graphql) or both, one after the other.
type Api = 'rest' | 'graphql';
const apiArg = process.argv.includes('--api') ? process.argv[process.argv.indexOf('--api') + 1] : 'both';
const apis: Api[] = apiArg === 'rest' || apiArg === 'graphql' ? [apiArg] : ['rest', 'graphql'];
// 120 requests per clock minute per key. Each client rotates over its own keys so that no key gets near
// the limit even at several hundred notes/s; a 429 in the figures means the limit answered, not the service.
const KEYS_PER_CLIENT = 12;
const MAX_REQUESTS_PER_CLIENT = 20_000;

// The whole record, as the REST route selects it, so both modes answer with the same data.
const ISSUE_NFSE_MUTATION = `mutation Issue($input: NfseInput!) {
  issueNfse(input: $input) {
    __typename
    ... on Nfse { ${NFSE_FIELDS} }
    ... on DomainError { codigo mensagem campo }
  }
}`;

const tracingArg = process.argv.includes('--tracing') ? process.argv[process.argv.indexOf('--tracing') + 1] : 'off';
const tracingModes = tracingArg === 'both' ? [false, true] : [tracingArg === 'on'];
const reports: Array<Record<string, unknown>> = [];
for (const traced of tracingModes) reports.push(await (traced ? withSpanSink(runServer) : runServer()));
const [first, second] = reports;
console.log(JSON.stringify(second ? { ...first, tracingOn: second } : first));
process.exit(0);

/**
 * Runs `measure` with tracing on: the OTEL_* variables point the service's OTLP exporter at a sink in a child
 * process that answers every export and keeps nothing, so the service pays for its spans and their export.
 */
async function withSpanSink(measure: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const { spawn } = await import('node:child_process');
  const sink = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => s.writeHead(200, { 'content-type': 'application/json' }).end('{}')); })
        .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve) =>
    sink.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  process.env.OTEL_TRACES_EXPORTER = 'otlp';
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
  try {
    return { ...(await measure()), tracing: 'otlp-http' };
  } finally {
    delete process.env.OTEL_TRACES_EXPORTER;
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    sink.kill('SIGTERM');
  }
}

/**
 * PostgreSQL: the test kit's app (a schema of its own, dropped at the end). Embedded: as `npm start` runs it, PGlite
 * and the simulator's state in a DATA_DIR on disk (a temporary one), unless `--memory` asks for in-memory PGlite.
 */
async function startBenchApp(nationalUrl: string) {
  const { startTestApp } = await import('../test/support/test-app.js');
  const env = { NATIONAL_API_URL_TEST: nationalUrl };
  if (process.env.DATABASE_URL || process.argv.includes('--memory')) {
    const { startTracing } = await import('../src/telemetry/start-tracing.js');
    return { t: await startTestApp({ env, tracing: await startTracing(process.env) }), dataDir: null };
  }
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { parseConfig } = await import('../src/config.js');
  const { createApp } = await import('../src/create-app.js');
  const { createLogger } = await import('../src/create-logger.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-nfse-'));
  const app = await createApp({
    config: parseConfig({
      ...process.env,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    }),
    logger: createLogger('silent'),
  });
  const url = await app.listen();
  return {
    t: { app, url, close: async () => (await app.close(), rmSync(dataDir, { recursive: true, force: true })) },
    dataDir,
  };
}

/** Where the clients send their notes: the service, the company and each client's keys. */
interface BenchTarget {
  url: string;
  empresaId: string;
  keys: string[][];
}

type Pauses = {
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
};
type Run = { result: LoadResult; cpuMs: number; simulatorMs: number; postgresMs: number | null; pauses: Pauses };
type Simulator = Awaited<ReturnType<typeof startSimulatorProcess>>;
type BenchApp = Awaited<ReturnType<typeof startBenchApp>>['t'];

async function runServer(): Promise<Record<string, unknown>> {
  const { seedAccount } = await import('../test/support/seed.js');
  const simulator = await startSimulatorProcess();
  const { t, dataDir } = await startBenchApp(simulator.nationalUrl);
  const mode =
    t.app.database.kind === 'postgres'
      ? `postgres${process.env.REDIS_URL ? '+redis' : ''}`
      : `embedded (PGlite ${dataDir ? 'on disk, DATA_DIR' : 'in memory'})`;
  console.error(`nfse-issue bench: ${mode}, ${clients} clients, ${seconds} s`);
  const account = await seedAccount(t.app.engine, 'bench');
  const company = await account.company();
  const keys: string[][] = [];
  for (let c = 0; c < clients; c++)
    keys.push(await Promise.all(Array.from({ length: KEYS_PER_CLIENT }, () => account.key('test'))));
  const target: BenchTarget = { url: t.url, empresaId: company.id, keys };

  await prepareMeasure(t, target);
  const { runs, peakRss } = await measureApis(t, simulator, target);
  const bare = await bareCpuMsPerNote(t.app, target);
  const stored = await t.app.engine.db.nfse.groupBy({
    by: ['status'],
    where: { companyId: company.id, referencia: { startsWith: 'bench-' } },
    _count: true,
  });
  const rest = runs.rest ? figures(runs.rest) : null;
  const {
    completedPerSecond,
    errorSamples,
    serverCpuMsPerRequest,
    simulatorCpuMsPerNote,
    postgresCpuMsPerNote,
    clientCpuMsPerRequest,
    pauses,
    ...restHead
  } = rest ?? ({} as Partial<ReturnType<typeof figures>>);
  const report = {
    bench: 'nfse-issue',
    database: t.app.database.kind,
    redis: Boolean(process.env.REDIS_URL),
    mode,
    clients,
    ...restHead,
    completedPerSecond,
    notesInDatabase: Object.fromEntries(stored.map((s) => [s.status, s._count])),
    errorSamples,
    peakRssMb: Math.round(peakRss / 1048576),
    serverCpuMsPerRequest,
    simulatorCpuMsPerNote,
    postgresCpuMsPerNote,
    clientCpuMsPerRequest,
    pauses,
    rawCpuMsPerNote: bare.cpuMsPerNote,
    rawErrors: bare.errors,
    // The same figures for the GraphQL mutation; a GraphQL answer that authorised the note counts as a 201.
    ...(runs.graphql ? { graphql: figures(runs.graphql) } : {}),
    tracing: 'off',
  };
  await t.close();
  simulator.child.kill('SIGTERM');
  return report;
}

/**
 * Warm-up, not measured: the first notes load and compile the XML, XSD and signature code paths (and the
 * simulator's), which would otherwise be counted as the service's latency. Then a few seconds of the measured
 * load itself per API: under load the service's CPU per note keeps falling for seconds after the first notes,
 * and a first measured phase would otherwise time that climb to steady state rather than the service.
 */
async function prepareMeasure(t: BenchApp, target: BenchTarget) {
  await warmUp(target.url, target.empresaId, target.keys.flat().slice(-8));
  const warmUpSeconds = arg('warmup-seconds', 5);
  for (const api of apis) await measuredLoad(loadPlan(target, api, warmUpSeconds, 'warmup'));
  // The schema is minutes old: its tables have no statistics yet, so the planner takes them for nearly empty and
  // the statements prepared so far keep plans that scan them whole (the authorisation read every note of the
  // table); autovacuum would analyse them within its next minute, as it does in a running deployment.
  if (!process.argv.includes('--no-analyze')) await t.app.engine.db.$executeRawUnsafe('ANALYZE');
}

/** One measured phase per API, with the simulator's and PostgreSQL's CPU and the service's pauses over it. */
async function measureApis(t: BenchApp, simulator: Simulator, target: BenchTarget) {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const runs: Partial<Record<Api, Run>> = {};
  const onPostgres = t.app.database.kind === 'postgres';
  for (const api of apis) {
    let simulatorBefore = 0;
    let postgresBefore = 0;
    let stopWatching = () => ({}) as Pauses;
    // The clients run 2 s of the phase's load before its measure starts, so its first second is not their own
    // start-up; every process's reading starts with the measure.
    const plan = { ...loadPlan(target, api, seconds), warmupSeconds: 2 };
    const run = await measuredLoad(plan, () => {
      simulatorBefore = cpuMsOf(simulator.child.pid!);
      postgresBefore = onPostgres ? postgresCpuMs() : 0;
      stopWatching = watchPauses();
    });
    runs[api] = {
      ...run,
      simulatorMs: cpuMsOf(simulator.child.pid!) - simulatorBefore,
      postgresMs: onPostgres ? postgresCpuMs() - postgresBefore : null,
      pauses: stopWatching(),
    };
  }
  clearInterval(sampler);
  return { runs, peakRss };
}

function figures({ result, cpuMs, simulatorMs, postgresMs, pauses }: Run) {
  const lat = result.latenciesMs.sort((a, b) => a - b);
  const pct = (p: number) => percentile(lat, p);
  const authorised = result.statuses['201'] ?? 0;
  return {
    seconds: Number((result.elapsedMs / 1000).toFixed(1)),
    requests: lat.length,
    notesPerSecond: Number((authorised / (result.elapsedMs / 1000)).toFixed(1)),
    p50Ms: pct(50),
    p90Ms: pct(90),
    p99Ms: pct(99),
    maxMs: lat.length ? Number(lat.at(-1)!.toFixed(1)) : null,
    errors: result.errors,
    statuses: result.statuses,
    completedPerSecond: result.perSecond,
    errorSamples: result.samples,
    serverCpuMsPerRequest: lat.length ? Number((cpuMs / lat.length).toFixed(2)) : null,
    // The simulator process's CPU per request (the national system's side), not part of serverCpuMsPerRequest.
    simulatorCpuMsPerNote: lat.length ? Number((simulatorMs / lat.length).toFixed(2)) : null,
    // Every PostgreSQL process of this machine (null on PGlite, which runs inside the service) and the load
    // process: with the two above, what the machine's cores spend per request.
    postgresCpuMsPerNote: lat.length && postgresMs !== null ? Number((postgresMs / lat.length).toFixed(2)) : null,
    clientCpuMsPerRequest: lat.length ? Number((result.cpuMs / lat.length).toFixed(2)) : null,
    // The service's own stalls while the phase ran: every request in flight waits through them.
    pauses,
  };
}

/**
 * The same clients against the bare stack (sign the company's DPS + one insert + the HTTP round trip), for a
 * quarter of the time (at least 3 s): the floor the service's CPU per note compares with.
 */
async function bareCpuMsPerNote(app: App, target: BenchTarget) {
  const { empresaId } = target;
  const { startBareIssueServer } = await import('./bare-issue-server.js');
  const { companyCredentials } = await import('../src/engine/empresas/company-credentials.js');
  const sample = await app.engine.db.nfse.findFirstOrThrow({ where: { companyId: empresaId }, select: { dps: true } });
  const { signer } = await companyCredentials(app.engine, empresaId);
  const bare = await startBareIssueServer(
    app.database.kind === 'postgres' ? { url: process.env.DATABASE_URL } : { sql: app.database.sql },
    sample.dps as unknown as DpsInput,
    signer,
  );
  try {
    const { result, cpuMs } = await measuredLoad(
      loadPlan({ ...target, url: bare.url }, 'rest', Math.max(3, seconds / 4)),
    );
    const n = result.latenciesMs.length;
    return { cpuMsPerNote: n ? Number((cpuMs / n).toFixed(2)) : null, errors: result.errors };
  } finally {
    await bare.close();
  }
}

async function warmUp(url: string, empresaId: string, keys: string[]) {
  const post = (api: Api, i: number) => {
    const referencia = `warmup-${api}-${i}`;
    const { path, body } = issuance(api, {
      empresaId,
      referencia,
      documento: '52998224725',
      valor: '1.00',
      descricao: 'aquecimento',
    });
    return fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[i % keys.length]}` },
      body,
    }).then((r) => r.text());
  };
  for (const api of apis) {
    for (let i = 0; i < 5; i++) await post(api, i);
    await Promise.all(Array.from({ length: 40 }, (_, i) => post(api, 100 + i)));
  }
}

/**
 * Garbage collections and event-loop delay of this process (the service) from now until the returned function is
 * called, which gives them: the count, total and longest collection pause, and the loop delay's p99 and maximum.
 */
function watchPauses() {
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  return () => {
    observer.disconnect();
    loop.disable();
    const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
    return {
      gcCount: gc.count,
      gcTotalMs: Math.round(gc.totalMs),
      gcMaxMs: Number(gc.maxMs.toFixed(1)),
      eventLoopDelayP99Ms: ms(loop.percentile(99)),
      eventLoopDelayMaxMs: ms(loop.max),
    };
  };
}

/** The clients' plan for one API: the same note each time, with a referencia of its own per request. */
function loadPlan(target: BenchTarget, api: Api, seconds: number, prefix = 'bench'): LoadPlan {
  const { url, empresaId, keys } = target;
  const note = {
    empresaId,
    referencia: REFERENCIA,
    documento: '52998224725',
    nome: 'Cliente Bench',
    valor: '150.00',
    descricao: 'Desenvolvimento de sistema sob encomenda',
  };
  return {
    url,
    ...issuance(api, note),
    keys,
    seconds,
    prefix: `${prefix}-${api}`,
    graphql: api === 'graphql',
    maxRequestsPerClient: MAX_REQUESTS_PER_CLIENT,
  };
}

interface Note {
  empresaId: string;
  referencia: string;
  documento: string;
  nome?: string;
  valor: string;
  descricao: string;
}

/** The same note as a REST body or as the GraphQL mutation with its input (camelCase members). */
function issuance(api: Api, n: Note): { path: string; body: string } {
  const tomador = { documento: n.documento, ...(n.nome ? { nome: n.nome } : {}) };
  if (api === 'rest') {
    return {
      path: '/v1/nfse',
      body: JSON.stringify({
        empresa_id: n.empresaId,
        referencia: n.referencia,
        tomador,
        valor: n.valor,
        servico: { descricao: n.descricao },
      }),
    };
  }
  return {
    path: '/graphql',
    body: JSON.stringify({
      query: ISSUE_NFSE_MUTATION,
      variables: {
        input: {
          empresaId: n.empresaId,
          referencia: n.referencia,
          tomador,
          valor: n.valor,
          servico: { descricao: n.descricao },
        },
      },
    }),
  };
}
