// NF-e `modo calcular` beside the same note `informado`, in one run: POST /v1/nfe of a 10-item note from
// concurrent clients, first with the taxes sent (informado: the body calcular produces for the same items), then
// with only {produto, quantidade, valor_unitario} per item (calcular: catalogue lookup and the tax engine).
// Prints one JSON object per mode: `mode`, `items`, notes/s, p50/p99 and the server process's CPU time per note
// (`serverCpuMsPerNote`); the calcular line adds `calcularAddsMsPerNote`, its difference from informado. The SEFAZ
// simulator runs in a process of its own, so its CPU is not the server's.
// Meant for PostgreSQL (DATABASE_URL, REDIS_URL optional); without DATABASE_URL it runs embedded (in-memory PGlite).
// Usage: DATABASE_URL=postgres://… npm run bench:nfe-calcular [-- --seconds 15 --clients 8]
import { measuredLoad, percentile, REFERENCIA } from './load-clients.js';
import { cpuMsOf, startSimulatorProcess } from './simulator-process.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const seconds = arg('seconds', 15);
const clients = arg('clients', 8);
const ITEMS = 10;
// 120 requests per clock minute per key; each client rotates over its own keys so the limit never answers.
const KEYS_PER_CLIENT = 12;

await runServer();

type BenchApp = Awaited<ReturnType<typeof import('../test/support/test-app.js').startTestApp>>;
type Account = Awaited<ReturnType<typeof import('../test/support/seed.js').seedAccount>>;

async function runServer() {
  const { startTestApp } = await import('../test/support/test-app.js');
  const { seedAccount } = await import('../test/support/seed.js');
  const { NFE_COMPANY } = await import('../test/support/nfe-fixtures.js');
  const simulator = await startSimulatorProcess();
  const t = await startTestApp({ env: { SEFAZ_URL_TEST: simulator.sefazUrl } });
  const database =
    t.app.database.kind === 'postgres'
      ? `postgres${process.env.REDIS_URL ? '+redis' : ''}`
      : 'embedded (PGlite in memory)';
  console.error(`nfe-calcular bench: ${database}, ${clients} clients, ${seconds} s per mode, ${ITEMS} items`);
  const account = await seedAccount(t.app.engine, 'bench');
  const company = await account.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
  const calcular = await calcularBody(company.id, await createProdutos(t.url, await account.key('test'), company.id));
  const informado = await informadoBody(t, account, calcular);
  const keys: string[][] = [];
  for (let c = 0; c < clients; c++)
    keys.push(await Promise.all(Array.from({ length: KEYS_PER_CLIENT }, () => account.key('test'))));

  const out: Record<string, unknown>[] = [];
  for (const [mode, sent] of [
    ['informado', informado],
    ['calcular', calcular],
  ] as const) {
    const body = JSON.stringify({ ...sent, referencia: REFERENCIA });
    // Warm-up, not measured: the first notes load the tables, compile the XML, XSD and signature paths.
    await measuredLoad({ url: t.url, path: '/v1/nfe', body, keys: keys.slice(0, 2), seconds: 2 });
    const simulatorBefore = cpuMsOf(simulator.child.pid!);
    const { result, cpuMs } = await measuredLoad({ url: t.url, path: '/v1/nfe', body, keys, seconds });
    const simulatorMs = cpuMsOf(simulator.child.pid!) - simulatorBefore;
    const lat = result.latenciesMs.sort((a, b) => a - b);
    const pct = (p: number) => percentile(lat, p);
    out.push({
      bench: 'nfe-calcular',
      mode,
      items: ITEMS,
      database,
      clients,
      seconds: Number((result.elapsedMs / 1000).toFixed(1)),
      requests: lat.length,
      notesPerSecond: Number(((result.statuses['201'] ?? 0) / (result.elapsedMs / 1000)).toFixed(1)),
      p50Ms: pct(50),
      p99Ms: pct(99),
      statuses: result.statuses,
      errorSamples: result.samples,
      serverCpuMsPerNote: lat.length ? Number((cpuMs / lat.length).toFixed(2)) : null,
      simulatorCpuMsPerNote: lat.length ? Number((simulatorMs / lat.length).toFixed(2)) : null,
    });
  }
  const [inf, calc] = out as Array<{ serverCpuMsPerNote: number | null }>;
  if (inf?.serverCpuMsPerNote != null && calc?.serverCpuMsPerNote != null) {
    out[1]!.calcularAddsMsPerNote = Number((calc.serverCpuMsPerNote - inf.serverCpuMsPerNote).toFixed(2));
  }
  for (const line of out) console.log(JSON.stringify(line));
  await t.close();
  simulator.child.kill('SIGTERM');
  process.exit(0);
}

/** The company's catalogue: ITEMS products, returned as the items of a calcular note (one of each, 1 to ITEMS). */
async function createProdutos(url: string, key: string, empresaId: string) {
  const itens = [];
  for (let i = 0; i < ITEMS; i++) {
    const sku = `BENCH-${i}`;
    const res = await fetch(`${url}/v1/produtos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        empresa_id: empresaId,
        sku,
        descricao: `Teclado ${i}`,
        ncm: '84716052',
        unidade: 'UN',
        origem: '0',
        tributacao: { icms: { cst: '00' }, ipi: { cst: '50' } },
      }),
    });
    if (res.status !== 201) throw new Error(`produto: ${res.status} ${await res.text()}`);
    itens.push({ produto: sku, quantidade: String(i + 1), valor_unitario: '19.90' });
  }
  return itens;
}

async function calcularBody(empresaId: string, itens: Array<Record<string, string>>) {
  const { PORTO_ALEGRE } = await import('../test/support/nfe-fixtures.js');
  const { TOMA_CNPJ } = await import('../test/support/nfse-fixtures.js');
  return {
    modo: 'calcular',
    empresa_id: empresaId,
    presenca: 'internet',
    pagamentos: [{ forma: 'pix' }],
    itens,
    destinatario: {
      documento: TOMA_CNPJ,
      nome: 'Cliente Bench',
      contribuinte: 'contribuinte',
      inscricao_estadual: '9012345678',
      endereco: { logradouro: 'Rua Um', numero: '10', bairro: 'Centro', municipio: PORTO_ALEGRE, cep: '90000000' },
    },
  };
}

/** The informado body of the same note: what calcular produces for these items, in the API's names. */
async function informadoBody(t: BenchApp, account: Account, calcular: { empresa_id: string }) {
  const { computeNfeTaxes } = await import('../src/engine/nfe/compute-nfe-taxes.js');
  const { findCompany } = await import('../src/engine/empresas/find-company.js');
  const { camelBody } = await import('../src/engine/nucleo/camel-body.js');
  const { apiShape } = await import('../src/engine/nucleo/api-shape.js');
  const principal = { accountId: account.accountId, environment: 'test' as const, apiKeyId: 'bench', companyId: null };
  // calcular takes and gives the declared shape; REST sends the API's names.
  const calculada = await computeNfeTaxes(
    t.app.engine,
    principal,
    await findCompany(t.app.engine, principal, calcular.empresa_id),
    camelBody(calcular, '', []) as never,
  );
  return apiShape(calculada.corpo) as Record<string, unknown>;
}
