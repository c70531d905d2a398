// NFS-e issuance per issuing system in the same run: POST /v1/nfse with production keys for a company of a
// national-system municipality (national simulator), for a São Paulo company (NFS-e Paulistana simulator) and for a
// Brasília company (ABRASF 2.04, the ABRASF simulator) and for a Lages company (national DPS on Betha's service, SOAP
// with asynchronous reception, the simulator of the providers' services), from
// `--clients` concurrent clients, `--notes` notes each. Everything runs in this process (service and the simulators,
// as the embedded default runs them), so `serverCpuMsPerNote` is the process's CPU time per note, simulator included,
// for each provider alike. Prints one JSON object; `ratioToNational` is each provider's CPU per note over the national one.
// Usage: npm run bench:nfse-municipal [-- --notes 300 --clients 16]
import { performance } from 'node:perf_hooks';
import { PARAMETROS_SIMULADOS } from '../src/simulator/nacional/parametros-simulados.js';
import { seedAccount } from '../test/support/seed.js';
import { startTestApp } from '../test/support/test-app.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const notes = arg('notes', 300);
const clients = arg('clients', 16);

// Lages (Betha): the national parameters API states it does not issue through the national emitter.
const LAGES = '4209300';
PARAMETROS_SIMULADOS.convenios[LAGES] = {
  tipoConvenioDeserializationSetter: 1,
  aderenteAmbienteNacional: 1,
  aderenteEmissorNacional: 0,
  situacaoEmissaoPadraoContribuintesRFB: 0,
  aderenteMAN: 0,
  permiteAproveitametoDeCreditos: null,
};
const t = await startTestApp({ worker: false });
const acct = await seedAccount(t.app.engine);
// 120 requests per clock minute per key: enough keys that the limit never answers.
const keys = await Promise.all(Array.from({ length: Math.ceil((4 * (notes + 5)) / 100) + 1 }, () => acct.key('live')));
const padroes = { codigo_nacional: '010101', aliquota_iss: '2.00', nbs: '115021000', codigo_municipal: '02658' };
const companies = {
  national: (await acct.company({ padroes })).id,
  sao_paulo: (
    await acct.company({
      municipio: '3550308',
      inscricao_municipal: '31000000',
      padroes: { ...padroes, aliquota_iss: '2.90' },
    })
  ).id,
  abrasf: (await acct.company({ municipio: '5300108', inscricao_municipal: '0712345600', padroes })).id,
  layout_nacional: (await acct.company({ municipio: LAGES, padroes })).id,
  // ABRASF 1.00 (asynchronous lot): Fortaleza, ISS Fortaleza.
  abrasf_1_00: (await acct.company({ municipio: '2304400', inscricao_municipal: '12345678', padroes })).id,
};

let seq = 0;
async function issue(empresa: string): Promise<number> {
  const n = ++seq;
  const res = await fetch(`${t.url}/v1/nfse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys[n % keys.length]}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      empresa_id: empresa,
      referencia: `bench-${n}`,
      tomador: { documento: '54550752000155', nome: 'Cliente Ltda' },
      valor: '150.00',
      servico: { descricao: 'Desenvolvimento de software' },
    }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function run(provider: keyof typeof companies) {
  // Warm-up: schemas compiled, TLS-free clients and caches built, before anything is measured.
  for (let i = 0; i < 5; i++) await issue(companies[provider]);
  const statuses: Record<string, number> = {};
  const cpu = process.cpuUsage();
  const started = performance.now();
  let left = notes;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) {
        const status = await issue(companies[provider]);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    provider,
    notes,
    statuses,
    notesPerSecond: Number((notes / (elapsedMs / 1000)).toFixed(1)),
    serverCpuMsPerNote: Number(((used.user + used.system) / 1000 / notes).toFixed(2)),
  };
}

const national = await run('national');
const saoPaulo = await run('sao_paulo');
const abrasf = await run('abrasf');
const layoutNacional = await run('layout_nacional');
const abrasf100 = await run('abrasf_1_00');
await t.close();
console.log(
  JSON.stringify({
    clients,
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    providers: [national, saoPaulo, abrasf, abrasf100, layoutNacional].map((p) => ({
      ...p,
      ratioToNational: Number((p.serverCpuMsPerNote / national.serverCpuMsPerNote).toFixed(2)),
    })),
  }),
);
