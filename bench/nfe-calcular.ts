// NF-e `modo calcular` beside the same notes `informado`, in one run: POST /v1/nfe from concurrent clients, with
// the taxes sent (informado: the body calcular produces for the same items) and with only {produto, quantidade,
// valor_unitario} per item (calcular: catalogue lookup, the company's tax rules and the tax engine).
// Two scenarios (`--cenario dez-itens|misto`, both by default):
// - dez-itens: a 10-item note of plain items (ICMS CST 00, IPI) to a contributor in the same UF. One JSON line
//   per mode: `mode`, `items`, notes/s, p50/p99 and the server process's CPU time per note
//   (`serverCpuMsPerNote`); the calcular line adds `calcularAddsMsPerNote`, its difference from informado.
// - misto: two 20-item notes sent in turn, since ICMS-ST is retained only on a sale to a contributor and the DIFAL
//   (ICMSUFDest) is paid only on a sale to a non-contributor: one to a contributor in BA (ICMS-ST with the MVA of
//   the official table, of a company rule and of the profile, CST 70, IBS/CBS deferral, plain items), one to a
//   consumer in RJ (DIFAL with the FCP on national, imported and IPI-taxed goods, IBS/CBS deferral). One JSON object:
//   each mode's figures, `calcularAddsMsPerNote`, `limitMs` (1) and `withinLimit`; it fails unless the calculated
//   notes carry ST, DIFAL and deferral.
// Either scenario fails (exit 1) unless each note, issued once in each mode first, is authorised with the same total
// both ways, and every note of the measure is authorised.
// Each mode is measured in `--rounds` phases (3) of `--seconds` / rounds each, the modes taking turns, so that a
// change in the shared machine's load weighs on both. The SEFAZ simulator runs in a process of its own, so its CPU
// is not the server's.
// Meant for PostgreSQL (DATABASE_URL, REDIS_URL optional); without DATABASE_URL it runs embedded (in-memory PGlite).
// Usage: DATABASE_URL=postgres://… npm run bench:nfe-calcular [-- --seconds 15 --clients 8 --rounds 3 --cenario misto]
import { measuredLoad, percentile, REFERENCIA, type LoadResult } from './load-clients.js';
import { cpuMsOf, startSimulatorProcess } from './simulator-process.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const seconds = arg('seconds', 15);
const clients = arg('clients', 8);
const rounds = arg('rounds', 3);
const cenarioArg = process.argv.indexOf('--cenario');
const cenarios = cenarioArg > 0 ? [process.argv[cenarioArg + 1]] : ['dez-itens', 'misto'];
if (cenarios.some((c) => c !== 'dez-itens' && c !== 'misto')) throw new Error('--cenario dez-itens|misto');
// 120 requests per clock minute per key; each client rotates over its own keys so the limit never answers.
const KEYS_PER_CLIENT = 12;
/** The most calculating may add to a note's server CPU over the same note informado. */
const LIMIT_MS = 1;

const RIO = '3304557';
const SALVADOR = '2927408';
const CPF = '52998224725';
const { PORTO_ALEGRE } = await import('../test/support/nfe-fixtures.js');
const { TOMA_CNPJ } = await import('../test/support/nfse-fixtures.js');

type BenchApp = Awaited<ReturnType<typeof import('../test/support/test-app.js').startTestApp>>;
type Account = Awaited<ReturnType<typeof import('../test/support/seed.js').seedAccount>>;
type Simulator = Awaited<ReturnType<typeof startSimulatorProcess>>;
type Body = Record<string, unknown>;
interface Produto {
  sku: string;
  ncm: string;
  cest?: string;
  origem?: string;
  tributacao: Body;
}
interface Linha {
  produto: string;
  quantidade: string;
  valor_unitario: string;
}

async function runServer() {
  const { startTestApp } = await import('../test/support/test-app.js');
  const simulator = await startSimulatorProcess();
  const t = await startTestApp({ env: { SEFAZ_URL_TEST: simulator.sefazUrl } });
  try {
    await scenarios(t, simulator);
  } catch (err) {
    // A scenario that fails (a note refused, a value not calculated) stops the bench loudly, with its simulator.
    console.error(err);
    process.exitCode = 1;
  }
  await t.close();
  simulator.child.kill('SIGTERM');
  process.exit();
}

async function scenarios(t: BenchApp, simulator: Simulator) {
  const { seedAccount } = await import('../test/support/seed.js');
  const { NFE_COMPANY } = await import('../test/support/nfe-fixtures.js');
  const database =
    t.app.database.kind === 'postgres'
      ? `postgres${process.env.REDIS_URL ? '+redis' : ''}`
      : 'embedded (PGlite in memory)';
  console.error(`nfe-calcular bench: ${database}, ${clients} clients, ${seconds} s per mode, ${cenarios.join(', ')}`);
  const account = await seedAccount(t.app.engine, 'bench');
  const company = await account.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
  const key = await account.key('test');
  const keys: string[][] = [];
  for (let c = 0; c < clients; c++)
    keys.push(await Promise.all(Array.from({ length: KEYS_PER_CLIENT }, () => account.key('test'))));
  const run = { t, account, simulator, keys, database, empresaId: company.id };

  if (cenarios.includes('dez-itens')) {
    const itens = await createProdutos(t.url, key, company.id, dezItens());
    const calcular = [calcularBody(company.id, itens, contribuinteEm(PORTO_ALEGRE, '90000000'))];
    const out = await bothModes(run, 'dez-itens', 10, calcular);
    for (const line of out) console.log(JSON.stringify(line));
  }
  if (cenarios.includes('misto')) {
    const st = notaMistaSt();
    const difal = notaMistaDifal();
    await createProdutos(t.url, key, company.id, [...st.produtos, ...difal.produtos]);
    await createRegra(t.url, key, company.id, {
      descricao: 'Informática para a Bahia: substituição tributária com a margem do acordo',
      criterios: { ncm_prefixo: '847130', uf_destino: 'BA', contribuinte: 'contribuinte' },
      tributacao: { icms: { cst: '10', mva: '45' } },
    });
    const calcular = [
      calcularBody(company.id, st.itens, contribuinteEm(SALVADOR, '40000000')),
      calcularBody(company.id, difal.itens, consumidorEm(RIO)),
    ];
    const [inf, calc] = await bothModes(run, 'misto', 20, calcular, calculatedGroups);
    const adds = Number((calc!.serverCpuMsPerNote! - inf!.serverCpuMsPerNote!).toFixed(2));
    console.log(
      JSON.stringify({
        bench: 'nfe-calcular',
        cenario: 'misto',
        items: 20,
        notes: [
          'BA, contribuinte: ICMS-ST (tabela, regra da empresa, perfil CST 70), diferimento IBS/CBS, itens sem ST',
          'RJ, não contribuinte: DIFAL com FCP (nacionais, importados, com IPI), diferimento IBS/CBS',
        ],
        database,
        clients,
        informado: figures(inf!),
        calcular: figures(calc!),
        calcularAddsMsPerNote: adds,
        limitMs: LIMIT_MS,
        withinLimit: adds <= LIMIT_MS,
      }),
    );
  }
}

interface Run {
  t: BenchApp;
  account: Account;
  simulator: Simulator;
  keys: string[][];
  database: string;
  empresaId: string;
}

/**
 * The notes informado, then calcular, each mode measured under the same load; the notes of a mode are sent in
 * turn. Before the load, each note is issued once in each mode and must be authorised with the same total.
 */
async function bothModes(
  run: Run,
  cenario: string,
  items: number,
  calcular: Body[],
  check: (informado: Body[]) => void = () => {},
) {
  const informado = await Promise.all(calcular.map((c) => informadoBody(run, c)));
  check(informado);
  await sameNotes(run, cenario, informado, calcular);
  const modes = [
    ['informado', informado.map((b) => JSON.stringify({ ...b, referencia: REFERENCIA }))],
    ['calcular', calcular.map((b) => JSON.stringify({ ...b, referencia: REFERENCIA }))],
  ] as const;
  // Warm-up, not measured: the first notes load the tables, compile the XML, XSD and signature paths.
  // Each phase's referencias have a prefix of their own: the clients' numbering starts again in every phase.
  for (const [mode, body] of modes) {
    const prefix = `warmup-${cenario}-${mode}`;
    await measuredLoad({ url: run.t.url, path: '/v1/nfe', body, keys: run.keys.slice(0, 2), seconds: 2, prefix });
  }
  // The modes take turns, `rounds` phases each, so a change in the machine's load weighs on both alike.
  const totals = modes.map(() => ({
    cpuMs: 0,
    simulatorMs: 0,
    elapsedMs: 0,
    latencies: [] as number[],
    statuses: {} as Record<string, number>,
    samples: [] as string[],
  }));
  for (let round = 0; round < rounds; round++) {
    for (const [m, [mode, body]] of modes.entries()) {
      const simulatorBefore = cpuMsOf(run.simulator.child.pid!);
      const from = process.uptime();
      const { result, cpuMs } = await measuredLoad({
        url: run.t.url,
        path: '/v1/nfe',
        body,
        keys: run.keys,
        seconds: seconds / rounds,
        prefix: `${cenario}-${mode}-${round}`,
      });
      const total = totals[m]!;
      total.simulatorMs += cpuMsOf(run.simulator.child.pid!) - simulatorBefore;
      // The phase's window in the process's time, for bench/profile-summary.ts --from --to --per.
      console.error(
        `${cenario} ${mode}: --from ${from.toFixed(0)} --to ${process.uptime().toFixed(0)} --per ${result.latenciesMs.length}`,
      );
      authorisedOnly(mode, result);
      total.cpuMs += cpuMs;
      total.elapsedMs += result.elapsedMs;
      total.latencies.push(...result.latenciesMs);
      for (const [status, n] of Object.entries(result.statuses))
        total.statuses[status] = (total.statuses[status] ?? 0) + n;
      total.samples.push(...result.samples.slice(0, 5 - total.samples.length));
    }
  }
  const out = modes.map(([mode], m) => {
    const { cpuMs, simulatorMs, elapsedMs, latencies, statuses, samples } = totals[m]!;
    const lat = latencies.sort((a, b) => a - b);
    const pct = (p: number) => percentile(lat, p);
    return {
      bench: 'nfe-calcular',
      mode,
      items,
      database: run.database,
      clients: run.keys.length,
      seconds: Number((elapsedMs / 1000).toFixed(1)),
      requests: lat.length,
      notesPerSecond: Number(((statuses['201'] ?? 0) / (elapsedMs / 1000)).toFixed(1)),
      p50Ms: pct(50),
      p99Ms: pct(99),
      statuses,
      errorSamples: samples,
      serverCpuMsPerNote: lat.length ? Number((cpuMs / lat.length).toFixed(2)) : null,
      simulatorCpuMsPerNote: lat.length ? Number((simulatorMs / lat.length).toFixed(2)) : null,
    } as Record<string, unknown> & { serverCpuMsPerNote: number | null };
  });
  const [inf, calc] = out;
  if (inf?.serverCpuMsPerNote != null && calc?.serverCpuMsPerNote != null && cenario === 'dez-itens') {
    calc.calcularAddsMsPerNote = Number((calc.serverCpuMsPerNote - inf.serverCpuMsPerNote).toFixed(2));
  }
  return out;
}

/** The misto notes as calculated: ICMS-ST and deferral in the first, DIFAL and deferral in the second. */
function calculatedGroups([st, difal]: Body[]) {
  type Item = { icms?: Body; icms_uf_dest?: Body; ibs_cbs?: Body };
  const count = (note: Body | undefined, has: (item: Item) => boolean) =>
    ((note?.itens ?? []) as Item[]).filter(has).length;
  const found = {
    icmsSt: count(st, (i) => i.icms?.v_icms_st != null),
    diferimentoSt: count(st, (i) => i.ibs_cbs?.p_dif_cbs != null),
    difal: count(difal, (i) => i.icms_uf_dest?.v_icms_uf_dest != null),
    diferimentoDifal: count(difal, (i) => i.ibs_cbs?.p_dif_cbs != null),
  };
  const expected = { icmsSt: 10, diferimentoSt: 4, difal: 20, diferimentoDifal: 4 };
  if (JSON.stringify(found) !== JSON.stringify(expected))
    throw new Error(`itens calculados ${JSON.stringify(found)}, esperados ${JSON.stringify(expected)}`);
}

/** A mode's own figures, without what the scenario's object already says. */
function figures({ bench: _b, mode: _m, items: _i, database: _d, clients: _c, ...rest }: Record<string, unknown>) {
  return rest;
}

/** A measure with any note not authorised compares nothing: the bench stops there. */
function authorisedOnly(mode: string, result: LoadResult) {
  if (result.errors === 0 && result.latenciesMs.length > 0) return;
  throw new Error(
    `${mode}: ${result.errors} de ${result.latenciesMs.length} notas não autorizadas ${JSON.stringify(result.statuses)}: ${result.samples.join(' | ')}`,
  );
}

/** Each note issued once informado and once calcular: both authorised, with the same total. */
async function sameNotes(run: Run, cenario: string, informado: Body[], calcular: Body[]) {
  const key = await run.account.key('test');
  for (const [i, inf] of informado.entries()) {
    const [a, b] = await Promise.all(
      [inf, calcular[i]!].map(async (body, m) => {
        const res = await fetch(`${run.t.url}/v1/nfe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ ...body, referencia: `conferencia-${cenario}-${i}-${m}` }),
        });
        const text = await res.text();
        const note = JSON.parse(text) as { status?: string; valor_total?: string };
        if (res.status !== 201 || note.status !== 'autorizada')
          throw new Error(`nota ${i} ${m ? 'calcular' : 'informado'}: ${res.status} ${text.slice(0, 600)}`);
        return note.valor_total;
      }),
    );
    if (a !== b) throw new Error(`nota ${i}: total informado ${a}, calculado ${b}`);
  }
}

/** The company's catalogue: each product through POST /v1/produtos. */
async function createProdutos(url: string, key: string, empresaId: string, produtos: Produto[]) {
  const skus = [];
  for (const p of produtos) {
    const res = await fetch(`${url}/v1/produtos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        empresa_id: empresaId,
        descricao: `Produto ${p.sku}`,
        unidade: 'UN',
        origem: '0',
        ...p,
      }),
    });
    if (res.status !== 201) throw new Error(`produto ${p.sku}: ${res.status} ${await res.text()}`);
    skus.push(p.sku);
  }
  return skus.map((sku, i) => ({ produto: sku, quantidade: String(i + 1), valor_unitario: '19.90' }));
}

async function createRegra(url: string, key: string, empresaId: string, regra: Body) {
  const res = await fetch(`${url}/v1/companies/${empresaId}/regras-tributarias`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(regra),
  });
  if (res.status !== 201) throw new Error(`regra: ${res.status} ${await res.text()}`);
}

/** dez-itens: ten keyboards, ICMS CST 00 and IPI. */
function dezItens(): Produto[] {
  return Array.from({ length: 10 }, (_, i) => ({
    sku: `BENCH-${i}`,
    ncm: '84716052',
    tributacao: { icms: { cst: '00' }, ipi: { cst: '50' } },
  }));
}

const DIFERIMENTO = { cst: '510', c_class_trib: '510001', p_dif: '40' };

/**
 * misto, to a contributor in BA: tyres under ICMS-ST by the official margin table (CEST 16.001.00), computers
 * the company rule puts under ST for BA, CST 70 with the profile's margin, items with the IBS/CBS deferred, and
 * plain items with IPI.
 */
function notaMistaSt(): { produtos: Produto[]; itens: Linha[] } {
  const produtos: Produto[] = [
    ...repeat(4, (i) => ({
      sku: `ST-PNEU-${i}`,
      ncm: '40111000',
      cest: '1600100',
      tributacao: { icms: { cst: '10' } },
    })),
    ...repeat(4, (i) => ({
      sku: `ST-REGRA-${i}`,
      ncm: '84713012',
      tributacao: { icms: { cst: '00' }, ipi: { cst: '50' } },
    })),
    ...repeat(2, (i) => ({
      sku: `ST-70-${i}`,
      ncm: '84716052',
      tributacao: { icms: { cst: '70', reducao_bc: '50', mva: '40', c_benef: 'RS051901' } },
    })),
    ...repeat(4, (i) => ({
      sku: `DIF-BA-${i}`,
      ncm: '84716052',
      tributacao: { icms: { cst: '00' }, ibs_cbs: DIFERIMENTO },
    })),
    ...repeat(6, (i) => ({
      sku: `SIMPLES-BA-${i}`,
      ncm: '84716052',
      tributacao: { icms: { cst: '00' }, ipi: { cst: '50' } },
    })),
  ];
  return { produtos, itens: linhas(produtos) };
}

/**
 * misto, to a consumer in RJ: DIFAL with RJ's FCP on national and imported goods, on goods whose IPI enters the
 * consumer's ICMS base, and on items with the IBS/CBS deferred.
 */
function notaMistaDifal(): { produtos: Produto[]; itens: Linha[] } {
  const produtos: Produto[] = [
    ...repeat(8, (i) => ({ sku: `DIFAL-${i}`, ncm: '84716052', tributacao: { icms: { cst: '00' } } })),
    ...repeat(4, (i) => ({ sku: `DIFAL-IMP-${i}`, ncm: '84716052', origem: '1', tributacao: { icms: { cst: '00' } } })),
    ...repeat(4, (i) => ({
      sku: `DIF-RJ-${i}`,
      ncm: '84716052',
      tributacao: { icms: { cst: '00' }, ibs_cbs: DIFERIMENTO },
    })),
    ...repeat(4, (i) => ({
      sku: `DIFAL-IPI-${i}`,
      ncm: '84716052',
      tributacao: { icms: { cst: '00' }, ipi: { cst: '50' } },
    })),
  ];
  return { produtos, itens: linhas(produtos) };
}

const repeat = (n: number, f: (i: number) => Produto) => Array.from({ length: n }, (_, i) => f(i));
const linhas = (produtos: Produto[]): Linha[] =>
  produtos.map((p, i) => ({ produto: p.sku, quantidade: String((i % 5) + 1), valor_unitario: `${10 + i * 7}.90` }));

function contribuinteEm(municipio: string, cep: string) {
  return {
    documento: TOMA_CNPJ,
    nome: 'Cliente Bench',
    contribuinte: 'contribuinte',
    inscricao_estadual: '9012345678',
    endereco: { logradouro: 'Rua Um', numero: '10', bairro: 'Centro', municipio, cep },
  };
}

function consumidorEm(municipio: string) {
  return {
    documento: CPF,
    nome: 'Maria Consumidora',
    contribuinte: 'nao_contribuinte',
    endereco: { logradouro: 'Rua Dois', numero: '20', bairro: 'Centro', municipio, cep: '20000000' },
  };
}

function calcularBody(empresaId: string, itens: Linha[], destinatario: Body): Body {
  return {
    modo: 'calcular',
    empresa_id: empresaId,
    presenca: 'internet',
    pagamentos: [{ forma: 'pix' }],
    itens,
    destinatario,
  };
}

/** The informado body of the same note: what calcular produces for these items, in the API's names. */
async function informadoBody(run: Run, calcular: Body): Promise<Body> {
  const { computeNfeTaxes } = await import('../src/engine/nfe/compute-nfe-taxes.js');
  const { findCompany } = await import('../src/engine/empresas/find-company.js');
  const { camelBody } = await import('../src/engine/nucleo/camel-body.js');
  const { apiShape } = await import('../src/engine/nucleo/api-shape.js');
  const principal = {
    accountId: run.account.accountId,
    environment: 'test' as const,
    apiKeyId: 'bench',
    companyId: null,
  };
  // calcular takes and gives the declared shape; REST sends the API's names.
  const calculada = await computeNfeTaxes(
    run.t.app.engine,
    principal,
    await findCompany(run.t.app.engine, principal, run.empresaId),
    camelBody(calcular, '', []) as never,
  );
  return apiShape(calculada.corpo) as Body;
}

// Last, once every constant above is initialised.
await runServer();
