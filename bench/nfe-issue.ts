// NF-e beside NFS-e issuance in one run: POST /v1/nfe and POST /v1/nfse with test keys (the simulators authorise
// at once; every request has a unique referencia) from concurrent clients, one kind after the other against the
// same server. Prints one JSON object per kind: notes/s, p50/p99 latency, status counts and the server process's
// CPU time per note (steadier than notes/s on a shared machine). Both sides count the same thing: the national
// simulator (NFS-e) and the SEFAZ simulator (NF-e) both run as `fiscal-api simulator` in a process of its own
// (NATIONAL_API_URL_TEST and SEFAZ_URL_TEST point the service's clients at it), so `serverCpuMsPerNote` is the
// service's CPU alone for either kind, and `simulatorCpuMsPerNote` is that process's CPU, read from /proc apart.
// Meant for PostgreSQL (DATABASE_URL, REDIS_URL optional); without DATABASE_URL it runs embedded (in-memory
// PGlite) and says so.
// The load runs in a child process (loopback only), so the clients do not share the server's event loop.
// Usage: DATABASE_URL=postgres://… npm run bench:nfe-issue [-- --seconds 15 --clients 16 --only nfe|nfse]
//        node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/nfe-issue.ts   (profiles of the server and,
//        as CPU.*.cpuprofile of its own pid, of the simulator process)
import { measuredLoad, percentile, REFERENCIA } from './load-clients.js';
import { cpuMsOf, startSimulatorProcess } from './simulator-process.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const seconds = arg('seconds', 15);
const clients = arg('clients', 16);
// --only nfe|nfse: one kind (e.g. for a profile of that kind alone).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
// 120 requests per clock minute per key; each client rotates over its own keys so the limit never answers.
const KEYS_PER_CLIENT = 12;

await runServer();

async function runServer() {
  const { startTestApp } = await import('../test/support/test-app.js');
  const { seedAccount } = await import('../test/support/seed.js');
  const { nfeBody } = await import('../test/support/nfe-fixtures.js');
  const simulator = await startSimulatorProcess();
  const t = await startTestApp({
    env: { SEFAZ_URL_TEST: simulator.sefazUrl, NATIONAL_API_URL_TEST: simulator.nationalUrl },
  });
  const mode =
    t.app.database.kind === 'postgres'
      ? `postgres${process.env.REDIS_URL ? '+redis' : ''}`
      : 'embedded (PGlite in memory)';
  console.error(`nfe-issue bench: ${mode}, ${clients} clients, ${seconds} s per kind`);
  const account = await seedAccount(t.app.engine, 'bench');
  // One company that issues both: NFS-e readiness plus the NF-e issuer block and state registration.
  const company = await account.company({
    inscricao_estadual: '0960012345',
    serie_nfe: '1',
    endereco: { logradouro: 'Rua dos Andradas', numero: '1001', bairro: 'Centro Historico', cep: '90020007' },
  });
  const keys: string[][] = [];
  for (let c = 0; c < clients; c++)
    keys.push(await Promise.all(Array.from({ length: KEYS_PER_CLIENT }, () => account.key('test'))));
  const bodies = {
    '/v1/nfse': {
      empresa_id: company.id,
      tomador: { documento: '52998224725', nome: 'Cliente Bench' },
      valor: '150.00',
      servico: { descricao: 'Desenvolvimento de sistema sob encomenda' },
    },
    '/v1/nfe': nfeBody({ empresa_id: company.id }),
  } as const;

  const out = [];
  for (const path of (['/v1/nfse', '/v1/nfe'] as const).filter((p) => !only || p === `/v1/${only}`)) {
    // Warm-up, not measured: the first notes load and compile the XML, XSD and signature paths.
    const body = JSON.stringify({ ...bodies[path], referencia: REFERENCIA });
    await measuredLoad({ url: t.url, path, body, keys: keys.slice(0, 4), seconds: 2 });
    const simulatorBefore = cpuMsOf(simulator.child.pid!);
    const { result, cpuMs } = await measuredLoad({ url: t.url, path, body, keys, seconds });
    const simulatorMs = cpuMsOf(simulator.child.pid!) - simulatorBefore;
    const lat = result.latenciesMs.sort((a, b) => a - b);
    const pct = (p: number) => percentile(lat, p);
    const authorised = result.statuses['201'] ?? 0;
    out.push({
      bench: 'nfe-issue',
      kind: path === '/v1/nfe' ? 'nfe' : 'nfse',
      mode,
      clients,
      seconds: Number((result.elapsedMs / 1000).toFixed(1)),
      requests: lat.length,
      notesPerSecond: Number((authorised / (result.elapsedMs / 1000)).toFixed(1)),
      p50Ms: pct(50),
      p99Ms: pct(99),
      statuses: result.statuses,
      errorSamples: result.samples,
      serverCpuMsPerNote: lat.length ? Number((cpuMs / lat.length).toFixed(2)) : null,
      // The simulator process's CPU per note (national for nfse, SEFAZ for nfe), not part of serverCpuMsPerNote.
      simulatorCpuMsPerNote: lat.length ? Number((simulatorMs / lat.length).toFixed(2)) : null,
    });
  }
  for (const line of out) console.log(JSON.stringify(line));
  await t.close();
  simulator.child.kill('SIGTERM');
  process.exit(0);
}
