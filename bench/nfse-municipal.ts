// NFS-e issuance per message shape in the same run: POST /v1/nfse with production keys for one company per shape,
// each in a representative municipality: the national system (national simulator), São Paulo (NFS-e Paulistana),
// ABRASF 2.04 (Brasília, one-RPS synchronous lot), the national DPS on a provider's service (Lages, Betha: SOAP with
// asynchronous reception; Viamão, Pronim: its REST lot, gzip+base64, then ConsultarDPS), ABRASF 1.00 (Fortaleza: lot,
// situation, lot query; Salvador: the same with one WCF service per operation), IPM 2.04 (Novo Hamburgo: the message
// in `conteudo`, HTTP Basic, unsigned), EloTech 2.03 (Ponta Grossa: the message straight in the SOAP body, the
// requester's password added at send time) and MegaSoft 2.00 (Silvânia: GerarNfse), from `--clients` concurrent
// clients, `--notes` notes per provider. The simulators of those systems run in a process of their own
// (municipal-simulators.ts), the service pointed at them by its production URL settings (NATIONAL_API_URL_LIVE,
// SAO_PAULO_NFSE_URL, ABRASF_URLS_LIVE and LAYOUT_NACIONAL_URLS_LIVE with one <IBGE>=<URL> entry per municipality,
// plain http, which the clients take without a client certificate), so `serverCpuMsPerNote` is this process's CPU
// per note with no simulator's work in it — the service, and the bench's own clients (one POST per note, the same for
// every provider) — and `simulatorCpuMsPerNote` the simulators' process's over the same window. Prints one
// JSON object; `ratioToNational` is each provider's service CPU per note over the national one (the national path is
// always measured first, whatever `--providers` lists).
// `--warmup` notes per provider are issued for every provider before any is measured; with `--rounds` above 1 the
// providers are measured in turn that many times and each figure is the median of its rounds.
// Usage: npm run bench:nfse-municipal [-- --notes 300 --clients 16 --warmup 200 --rounds 1 --providers pronim,ipm_2_04]
import { performance } from 'node:perf_hooks';
import { CONVENIO_SISTEMA_PROPRIO, PARAMETROS_SIMULADOS } from '../src/simulator/nacional/parametros-simulados.js';
import { seedAccount } from '../test/support/seed.js';
import { startTestApp } from '../test/support/test-app.js';
import { cpuMsOf, startMunicipalSimulators } from './simulator-process.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const notes = arg('notes', 300);
const clients = arg('clients', 16);
const warmup = arg('warmup', 200);
const roundCount = arg('rounds', 1);

// Lages (Betha) and Salvador (ISSSalvador): the national parameters API states they do not issue through the national
// emitter (neither is on the adhesion list).
const LAGES = '4209300';
const SALVADOR = '2927408';
for (const ibge of [LAGES, SALVADOR]) PARAMETROS_SIMULADOS.convenios[ibge] = { ...CONVENIO_SISTEMA_PROPRIO };
const simulators = await startMunicipalSimulators();
const { urls } = simulators;
/** Each municipality's service in the simulators' process, as ABRASF_URLS_LIVE / LAYOUT_NACIONAL_URLS_LIVE name it. */
const entries = (base: string, ibges: string[]) => ibges.map((ibge) => `${ibge}=${base}/${ibge}`);
const t = await startTestApp({
  worker: false,
  env: {
    NATIONAL_API_URL_LIVE: urls.national,
    SAO_PAULO_NFSE_URL: urls.saoPaulo,
    // ABRASF 2.0x: Brasília, Novo Hamburgo (IPM), Ponta Grossa (EloTech), Silvânia (MegaSoft); ABRASF 1.00:
    // Fortaleza and Salvador (the same setting names both families' cities).
    ABRASF_URLS_LIVE: [
      ...entries(urls.abrasf, ['5300108', '4313409', '4119905', '5220603']),
      ...entries(urls.abrasf1, ['2304400', SALVADOR]),
    ].join(','),
    // Lages (Betha) and Viamão (Pronim).
    LAYOUT_NACIONAL_URLS_LIVE: entries(urls.layoutNacional, [LAGES, '4323002']).join(','),
  },
});
const acct = await seedAccount(t.app.engine);
const padroes = { codigo_nacional: '010101', aliquota_iss: '2.00', nbs: '115021000', codigo_municipal: '02658' };
const tomador = { documento: '54550752000155', nome: 'Cliente Ltda' };
/** A taker with its national address, for the families whose schema requires one (EloTech, MegaSoft). */
const tomadorEm = (municipio: string, cep: string) => ({
  ...tomador,
  endereco: { cep, logradouro: 'Rua XV de Novembro', numero: '100', bairro: 'Centro', municipio },
});

interface Provider {
  /** The company of the shape's municipality, with what its family needs (defaults, credentials). */
  company(): Promise<string>;
  /** The note's taker, where the family asks more than the document and the name. */
  tomador?: Record<string, unknown>;
}

/** Credentials the city knows for the company (the simulator refuses a call carrying others). */
async function withCredenciais(overrides: Record<string, unknown>, credenciais: Record<string, string>) {
  const company = await acct.company({ ...overrides, credenciais_provedor: credenciais });
  await simulators.credenciais(company.cnpj, credenciais);
  return company.id;
}

const PROVIDERS = {
  national: { company: async () => (await acct.company({ padroes })).id },
  sao_paulo: {
    company: async () =>
      (
        await acct.company({
          municipio: '3550308',
          inscricao_municipal: '31000000',
          padroes: { ...padroes, aliquota_iss: '2.90' },
        })
      ).id,
  },
  abrasf: {
    company: async () => (await acct.company({ municipio: '5300108', inscricao_municipal: '0712345600', padroes })).id,
  },
  layout_nacional: { company: async () => (await acct.company({ municipio: LAGES, padroes })).id },
  // Pronim (Viamão): the national DPS in the provider's REST lot (gzip+base64), then ConsultarDPS.
  pronim: { company: async () => (await acct.company({ municipio: '4323002', padroes })).id },
  // ABRASF 1.00 (asynchronous lot): Fortaleza, ISS Fortaleza.
  abrasf_1_00: {
    company: async () => (await acct.company({ municipio: '2304400', inscricao_municipal: '12345678', padroes })).id,
  },
  // ISSSalvador: every RPS carries NBS, cClassTrib and cIndOp.
  iss_salvador: {
    company: async () =>
      (
        await acct.company({
          municipio: SALVADOR,
          inscricao_municipal: '12345678',
          padroes: { ...padroes, ibs_cbs: { c_class_trib: '000001', indicador_operacao: '030101' } },
        })
      ).id,
  },
  // IPM 2.04 (Novo Hamburgo): the portal's login and password as HTTP Basic.
  ipm_2_04: {
    company: () =>
      withCredenciais(
        { municipio: '4313409', inscricao_municipal: '0712345600', padroes },
        { usuario: 'login-atende', senha: 'Senh@:Atende' },
      ),
  },
  // EloTech 2.03 (Ponta Grossa): the company's CNAE, the taker's address, the password in every message.
  elotech_2_03: {
    company: () =>
      withCredenciais(
        { municipio: '4119905', inscricao_municipal: '0712345600', padroes: { ...padroes, cnae: '6201501' } },
        { senha: 'senha-elotech-7f3a' },
      ),
    tomador: tomadorEm('4119905', '84010000'),
  },
  // MegaSoft 2.00 (Silvânia): its own RPS (NBS and the taker's address required), GerarNfse.
  megasoft_2_00: {
    company: async () => (await acct.company({ municipio: '5220603', inscricao_municipal: '0712345600', padroes })).id,
    tomador: tomadorEm('5220603', '75180000'),
  },
} satisfies Record<string, Provider>;
type ProviderName = keyof typeof PROVIDERS;

const listed = process.argv.includes('--providers')
  ? process.argv[process.argv.indexOf('--providers') + 1]!.split(',')
  : Object.keys(PROVIDERS);
for (const name of listed)
  if (!(name in PROVIDERS)) throw new Error(`unknown provider ${name}; known: ${Object.keys(PROVIDERS).join(', ')}`);
const selected = ['national', ...listed.filter((p) => p !== 'national')] as ProviderName[];

// 120 requests per clock minute per key: enough keys that the limit never answers.
const keys = await Promise.all(
  Array.from({ length: Math.ceil((selected.length * (warmup + roundCount * notes)) / 100) + 1 }, () =>
    acct.key('live'),
  ),
);
const companies = {} as Record<ProviderName, string>;
for (const name of selected) companies[name] = await PROVIDERS[name].company();

let seq = 0;
/**
 * The letters that open each answer's `dps_id` name the system that issued the note (`DPS` national, `SP-` São Paulo, `PLN`
 * a provider in the national layout, `RPS` ABRASF 2.0x, `A1RPS` ABRASF 1.00): counted, they show every note took the path the
 * provider stands for.
 */
let prefixes: Record<string, number> = {};
async function issue(provider: ProviderName): Promise<number> {
  const n = ++seq;
  const p: Provider = PROVIDERS[provider];
  const res = await fetch(`${t.url}/v1/nfse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys[n % keys.length]}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      empresa_id: companies[provider],
      referencia: `bench-${n}`,
      tomador: p.tomador ?? tomador,
      valor: '150.00',
      servico: { descricao: 'Desenvolvimento de software' },
    }),
  });
  const prefix = /"dps_id":"(SP-|A1RPS|PLN|RPS|DPS)/.exec(await res.text())?.[1] ?? 'nenhum';
  prefixes[prefix] = (prefixes[prefix] ?? 0) + 1;
  return res.status;
}

/** `count` notes of the provider from `clients` concurrent clients; the status of each answer counted. */
async function issueMany(provider: ProviderName, count: number, statuses: Record<string, number> = {}) {
  let left = count;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) {
        const status = await issue(provider);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

async function measure(provider: ProviderName) {
  const statuses: Record<string, number> = {};
  prefixes = {};
  const cpu = process.cpuUsage();
  const simulatorBefore = cpuMsOf(simulators.child.pid!);
  const started = performance.now();
  await issueMany(provider, notes, statuses);
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const simulatorMs = cpuMsOf(simulators.child.pid!) - simulatorBefore;
  // On stderr, the measured window in seconds since the process started: the --from/--to of profile-summary.ts.
  console.error(`${provider}: --from ${(started / 1000).toFixed(1)} --to ${((started + elapsedMs) / 1000).toFixed(1)}`);
  return {
    statuses,
    dpsIdPrefixes: { ...prefixes },
    notesPerSecond: notes / (elapsedMs / 1000),
    serverCpuMsPerNote: (used.user + used.system) / 1000 / notes,
    simulatorCpuMsPerNote: simulatorMs / notes,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Warm-up of every provider before anything is measured: schemas compiled, clients and caches built, and the code the
// paths share (HTTP, GraphQL, database) optimised, so the provider measured first does not pay for the others.
for (const name of selected) await issueMany(name, warmup);
// Rounds over the providers in turn: each provider's figures are the median of its rounds.
const rounds: Record<string, Array<Awaited<ReturnType<typeof measure>>>> = {};
for (let r = 0; r < roundCount; r++) for (const name of selected) (rounds[name] ??= []).push(await measure(name));
// Every note went to the simulators' process: the service's own simulators (still listening, as they always do) kept
// none, so none of their work is in the service's figure.
const inProcess = {
  national: t.app.simulator.notes().length,
  sao_paulo: t.app.saoPauloSimulator.calls('EnvioRPS') + t.app.saoPauloSimulator.calls('EnvioLoteRPS'),
  abrasf: t.app.abrasfSimulator.calls().length,
  abrasf_1_00: t.app.abrasf1Simulator.calls().length,
  layout_nacional: t.app.layoutNacionalSimulator.calls().length,
};
await t.close();
simulators.child.kill('SIGTERM');
if (Object.values(inProcess).some((n) => n > 0))
  throw new Error(`notes reached the service's own simulators: ${JSON.stringify(inProcess)}`);
const summary = selected.map((provider) => {
  const runs = rounds[provider]!;
  const statuses: Record<string, number> = {};
  const dpsIdPrefixes: Record<string, number> = {};
  for (const run of runs) {
    for (const [k, v] of Object.entries(run.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
    for (const [k, v] of Object.entries(run.dpsIdPrefixes)) dpsIdPrefixes[k] = (dpsIdPrefixes[k] ?? 0) + v;
  }
  const cpu = runs.map((run) => run.serverCpuMsPerNote);
  return {
    provider,
    notes: notes * runs.length,
    statuses,
    dpsIdPrefixes,
    notesPerSecond: Number(median(runs.map((run) => run.notesPerSecond)).toFixed(1)),
    serverCpuMsPerNote: Number(median(cpu).toFixed(2)),
    ...(runs.length > 1
      ? {
          serverCpuMsPerNoteRounds: cpu.map((c) => Number(c.toFixed(2))),
          // Each round's figure over the national path's of the same round: how far the ratio moves between rounds.
          ratioToNationalRounds: cpu.map((c, i) => Number((c / rounds.national![i]!.serverCpuMsPerNote).toFixed(2))),
        }
      : {}),
    // The simulators' process over the same windows (its /proc ticks of 10 ms): not part of serverCpuMsPerNote.
    simulatorCpuMsPerNote: Number(median(runs.map((run) => run.simulatorCpuMsPerNote)).toFixed(2)),
  };
});
const national = summary[0]!;
console.log(
  JSON.stringify({
    clients,
    rounds: roundCount,
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    providers: summary.map((p) => ({
      ...p,
      ratioToNational: Number((p.serverCpuMsPerNote / national.serverCpuMsPerNote).toFixed(2)),
    })),
  }),
);
