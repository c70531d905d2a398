// Received-document capture throughput: documents captured and stored per second from the
// simulated ADN distribution, for 10,000 NFS-e issued to one company, embedded (in-memory PGlite) and on
// PostgreSQL. The notes are generated once in a standalone simulator that both runs use as their ADN
// (NATIONAL_ADN_URL_LIVE), so each run measures only the capture: fetch by NSU (lots of 50, GZip+Base64), unzip,
// read, store with the NSU and the NOTA_RECEBIDA events in one transaction per lot.
// CPU of this process per document (process.cpuUsage: capture, the in-process ADN simulator's HTTP answers and,
// embedded, the database) is reported next to the wall-clock rate, since the rate moves with the machine's load.
// Prints one JSON object. Usage: npm run bench:capture [-- --notes 10000]
//   PostgreSQL: DATABASE_URL if set, else postgres://postgres@127.0.0.1:5432/test (skipped when unreachable).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { runDueCaptures } from '../src/engine/captura/run-due-captures.js';
import { HOUR } from '../src/engine/nucleo/clock.js';
import { randomNumericCnpj } from '../src/engine/nucleo/random-numeric-cnpj.js';
import { loadLibxml2 } from '../src/engine/xml/libxml2.js';
import { createSimulator } from '../src/simulator/nacional/create-simulator.js';
import { dpsIssuedElsewhere } from '../test/support/capture.js';
import { seedAccount } from '../test/support/seed.js';
import { startTestApp } from '../test/support/test-app.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const notes = arg('notes', 10_000);
const postgresUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const simulator = createSimulator();
await simulator.listen(0, '127.0.0.1');
const tomador = randomNumericCnpj();
const emissor = randomNumericCnpj();
await loadLibxml2();
const genStart = performance.now();
for (let i = 0; i < notes; i++) simulator.emitDps(dpsIssuedElsewhere(emissor, tomador, 100_000 + i), '1');
const generationMs = performance.now() - genStart;

async function run(mode: 'embedded' | 'postgresql') {
  const t = await startTestApp({
    worker: false,
    env: {
      DATABASE_URL: mode === 'postgresql' ? postgresUrl : '',
      REDIS_URL: '',
      NATIONAL_ADN_URL_LIVE: `${simulator.url}/producao/contribuintes`,
    },
  });
  try {
    const account = await seedAccount(t.app.engine, 'Bench captura');
    const company = await account.company({ cnpj: tomador });
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const outcomes = await runDueCaptures(t.app.engine, { intervalMs: HOUR });
    const cpu = process.cpuUsage(cpuStart);
    const elapsedMs = performance.now() - start;
    const stored = await t.app.engine.db.receivedDocument.count({ where: { companyId: company.id } });
    const events = await t.app.engine.db.event.count({
      where: { accountId: account.accountId, tipo: 'NOTA_RECEBIDA' },
    });
    return {
      documentos: stored,
      eventos: events,
      segundos: Number((elapsedMs / 1000).toFixed(2)),
      documentos_por_segundo: Math.round(stored / (elapsedMs / 1000)),
      cpu_ms_por_documento: Number(((cpu.user + cpu.system) / 1000 / stored).toFixed(3)),
      carga: loadavg().map((l) => Number(l.toFixed(2))),
      resultado: outcomes.map((o) => o.status),
      rss_mb: Math.round(process.memoryUsage().rss / 1e6),
    };
  } finally {
    await t.close();
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const embedded = await run('embedded');
const postgresql = (await postgresReachable())
  ? await run('postgresql')
  : { ignorado: `PostgreSQL inacessível em ${postgresUrl}` };
await simulator.close();
console.log(
  JSON.stringify({
    bench: 'capture',
    notas: notes,
    geracao_segundos: Number((generationMs / 1000).toFixed(1)),
    lote_adn: 50,
    embedded,
    postgresql,
  }),
);
process.exit(0);
