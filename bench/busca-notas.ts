// Finding a note among 1,000,000 of one account on PostgreSQL: GET /v1/nfse with each filter kind of the notes'
// filter (numero, chave, referencia, taker document whole and its start, part of the taker's name, value range,
// status, company, period, and several at once), one request after another over HTTP, p95 of each kind.
// The service runs against DATABASE_URL in a schema of its own (dropped at the end); the notes are written by SQL
// (generate_series) with realistic spreads: five companies, 60,000 takers (70% CPF, 30% CNPJ) with names from
// common Brazilian first names and surnames, log-normal values, 90% authorised, two years of history; plus
// 100,000 notes of two other accounts with the same takers. The indexes are dropped while the rows are written and
// built again after (as a restore would), then ANALYZE. The NF-e list runs the same filter code (noteWhere) over
// the same indexes and search columns.
// The in-process rate limit is kept out of the measure by a clock that moves a minute every 100 requests.
// Prints one JSON object. Usage: DATABASE_URL=postgres://… npm run bench:busca [-- --notes 1000000 --requests 100]
import { Agent, request } from 'undici';
import { FakeClock } from '../src/engine/nucleo/clock.js';
import { seedAccount, type SeededAccount } from '../test/support/seed.js';
import { startTestApp } from '../test/support/test-app.js';

const arg = (name: string, standard: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) || standard : standard;
};
const NOTES = arg('notes', 1_000_000);
const OTHERS = Math.round(NOTES / 10);
const REQUESTS = arg('requests', 100);
const LIMIT_MS = 200;

if (!process.env.DATABASE_URL) {
  console.error('bench:busca runs on PostgreSQL: set DATABASE_URL (postgres://…)');
  process.exit(2);
}
// Redis is not what is measured; the in-process limiter follows the bench's clock.
delete process.env.REDIS_URL;

const clock = new FakeClock();
const t = await startTestApp({ worker: false, clock });
const db = t.app.engine.db;
const account = await seedAccount(t.app.engine, 'bench busca');
const companies = await Promise.all([1, 2, 3, 4, 5].map(() => account.company()));
const others: SeededAccount[] = [
  await seedAccount(t.app.engine, 'outra 1'),
  await seedAccount(t.app.engine, 'outra 2'),
];
const otherCompanies = await Promise.all(others.map((o) => o.company()));

const FIRST = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luíza',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sebastião',
  'Raimundo',
  'Conceição',
  'Luís',
  'Gabriel',
  'Rafael',
  'Juliana',
  'Beatriz',
  'Letícia',
  'Mateus',
  'Vitória',
  'Cláudio',
  'Sérgio',
  'Débora',
  'Tânia',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Araújo',
  'Martins',
  'Rocha',
  'Barbosa',
  'Melo',
  'Cardoso',
  'Nascimento',
  'Conceição',
  'Moreira',
  'Mendes',
  'Freitas',
  'Vieira',
  'Monteiro',
  'Cavalcanti',
  'Dias',
  'Castro',
  'Campos',
  'Brandão',
];
const COMPANY_WORDS = ['Comércio', 'Serviços', 'Padaria', 'Oficina', 'Clínica', 'Escola', 'Construtora', 'Mercado'];
const TAKERS = 60_000;
const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

// Taker k (0..TAKERS-1): its document and name, a pure function of k so the searches can name existing takers.
const takerSql = (k: string) => `
  CASE WHEN ${k} % 10 < 7 THEN lpad(((${k} * 7919 + 1000003) % 99999999999)::text, 11, '0')
       ELSE lpad(((${k} * 104729 + 11000000000001) % 99999999999999)::text, 14, '0') END AS doc,
  CASE WHEN ${k} % 10 < 7
       THEN (${arr(FIRST)})[1 + ${k} % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (${k} / ${FIRST.length}) % ${LAST.length}]
            || ' ' || (${arr(LAST)})[1 + (${k} / 7) % ${LAST.length}]
       ELSE (${arr(COMPANY_WORDS)})[1 + ${k} % ${COMPANY_WORDS.length}] || ' ' || (${arr(LAST)})[1 + (${k} / 3) % ${LAST.length}]
            || ' ' || (${k} / 100)::text || ' LTDA' END AS nome`;

async function seed(accountId: string, companyIds: string[], count: number, tag: string) {
  const started = performance.now();
  // One statement per 200,000 rows keeps each transaction's memory modest.
  for (let from = 0; from < count; from += 200_000) {
    const to = Math.min(count, from + 200_000) - 1;
    await db.$executeRawUnsafe(`
      INSERT INTO nfse (id, account_id, environment, company_id, referencia, status, request, dps, valor, competencia,
        serie, numero_dps, dps_id, numero, chave_acesso, regras_versao, created_at, updated_at, authorized_at)
      SELECT gen_random_uuid(), '${accountId}', 'test', c.company_id, 'PED-${tag}-' || g.i, g.status,
        jsonb_build_object('tomador', jsonb_build_object('documento', tk.doc, 'nome', tk.nome)), '{}'::jsonb,
        g.valor, to_char(g.at, 'YYYY-MM-DD'), '900', g.i, 'DPS${tag}' || lpad(g.i::text, 40, '0'),
        CASE WHEN g.status IN ('autorizada', 'cancelada') THEN g.i::text END,
        CASE WHEN g.status IN ('autorizada', 'cancelada') THEN '35503${tag}' || lpad(g.i::text, 43, '0') END,
        '1', g.at, g.at, CASE WHEN g.status = 'autorizada' THEN g.at END
      FROM (
        SELECT i, (i * 2654435761) % ${TAKERS} AS k,
          timestamptz '2026-11-28 12:00:00+00' - (i::bigint * interval '63 seconds') * (${1_000_000} / ${count}::float) AS at,
          round((exp(random() * 7.5) + 5)::numeric, 2) AS valor,
          CASE WHEN r < 0.90 THEN 'autorizada' WHEN r < 0.94 THEN 'cancelada' WHEN r < 0.97 THEN 'rejeitada'
               WHEN r < 0.985 THEN 'descartada' WHEN r < 0.995 THEN 'falha_transmissao' ELSE 'transmitindo' END AS status,
          i % ${companyIds.length} AS c
        FROM (SELECT i, random() AS r FROM generate_series(${from}, ${to}) AS i) s
      ) g
      CROSS JOIN LATERAL (SELECT ${takerSql('g.k')}) tk
      JOIN (SELECT (ARRAY[${companyIds.map((c) => `'${c}'::uuid`).join(',')}])[n + 1] AS company_id, n
            FROM generate_series(0, ${companyIds.length - 1}) n) c ON c.n = g.c`);
  }
  return performance.now() - started;
}

const indexes = await db.$queryRawUnsafe<Array<{ indexname: string; indexdef: string }>>(
  `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'nfse'
   AND indexname <> 'nfse_pkey'`,
);
for (const ix of indexes) await db.$executeRawUnsafe(`DROP INDEX "${ix.indexname}"`);
const seedMs = await seed(
  account.accountId,
  companies.map((c) => c.id),
  NOTES,
  '1',
);
await seed(others[0]!.accountId, [otherCompanies[0]!.id], OTHERS / 2, '2');
await seed(others[1]!.accountId, [otherCompanies[1]!.id], OTHERS / 2, '3');
const indexStarted = performance.now();
for (const ix of indexes) await db.$executeRawUnsafe(ix.indexdef);
await db.$executeRawUnsafe('ANALYZE nfse');
const indexMs = performance.now() - indexStarted;
const trigram = indexes.some((ix) => ix.indexname === 'nfse_tomador_nome_trgm_idx');

// Existing values to search for, drawn from the account's notes.
const samples = await db.$queryRawUnsafe<
  Array<{
    numero: string;
    chave: string;
    referencia: string;
    doc: string;
    nome: string;
    valor: string;
    at: Date;
  }>
>(
  `SELECT numero, chave_acesso AS chave, referencia, tomador_documento AS doc, request->'tomador'->>'nome' AS nome,
     valor::text, created_at AS at
   FROM nfse TABLESAMPLE SYSTEM (1) WHERE account_id = $1::uuid AND numero IS NOT NULL LIMIT ${REQUESTS * 3}`,
  account.accountId,
);
let n = 0;
const pick = () => samples[n++ % samples.length]!;
const day = 86_400_000;
const iso = (d: Date) => encodeURIComponent(d.toISOString());

const KINDS: Record<string, () => string> = {
  semFiltro: () => '',
  numero: () => `numero=${pick().numero}`,
  chave: () => `chave=${pick().chave}`,
  referencia: () => `referencia=${pick().referencia}`,
  tomadorDocumento: () => `tomador=${pick().doc}`,
  tomadorDocumentoInicio: () => `tomador=${pick().doc.slice(0, 6)}`,
  tomadorNomeParte: () => `tomador=${encodeURIComponent(pick().nome.split(' ')[1]!.toLowerCase())}`,
  tomadorNomeCompleto: () => `tomador=${encodeURIComponent(pick().nome)}`,
  tomadorNomeInexistente: () => `tomador=${encodeURIComponent(`zzq${n++}`)}`,
  valorFaixa: () => {
    const v = Number(pick().valor);
    return `valor_min=${(v - 0.5).toFixed(2)}&valor_max=${(v + 0.5).toFixed(2)}`;
  },
  statusRaro: () => 'status=transmitindo',
  empresa: () => `empresa_id=${companies[n++ % companies.length]!.id}`,
  periodo: () => {
    const at = pick().at.getTime();
    return `desde=${iso(new Date(at - 3 * day))}&ate=${iso(new Date(at + 4 * day))}`;
  },
  combinado: () => {
    const s = pick();
    return `empresa_id=${companies[n % companies.length]!.id}&status=autorizada&valor_min=100&valor_max=900&desde=${iso(
      new Date(s.at.getTime() - 30 * day),
    )}&ate=${iso(s.at)}`;
  },
  combinadoNome: () => `tomador=${encodeURIComponent(pick().nome.split(' ')[0]!)}&status=cancelada&valor_min=50`,
};

const dispatcher = new Agent({ connections: 1 });
const headers = { authorization: `Bearer ${account.testKey}` };
let sent = 0;
async function timed(query: string): Promise<{ ms: number; count: number }> {
  if (sent++ % 100 === 0) clock.advance(60_000);
  const started = performance.now();
  const res = await request(`${t.url}/v1/nfse?limite=50${query ? `&${query}` : ''}`, { headers, dispatcher });
  const body = (await res.body.json()) as { dados?: unknown[] };
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${JSON.stringify(body)}`);
  return { ms, count: body.dados!.length };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (x: number) => Math.round(x * 10) / 10;

// Warm-up: the first requests pay for connections and the planner's first look at each statement.
for (const make of Object.values(KINDS)) for (let i = 0; i < 3; i++) await timed(make());
const p95Ms: Record<string, number> = {};
const p50Ms: Record<string, number> = {};
const found: Record<string, number> = {};
for (const [kind, make] of Object.entries(KINDS)) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await timed(make());
    times.push(r.ms);
    rows += r.count;
  }
  p95Ms[kind] = round(percentile(times, 95));
  p50Ms[kind] = round(percentile(times, 50));
  found[kind] = round(rows / REQUESTS);
}
await t.close();
const worst = Math.max(...Object.values(p95Ms));
console.log(
  JSON.stringify({
    notes: NOTES,
    otherAccountsNotes: OTHERS,
    requestsPerKind: REQUESTS,
    route: 'GET /v1/nfse?limite=50',
    p95Ms,
    p50Ms,
    meanRowsPerPage: found,
    limitMs: LIMIT_MS,
    withinLimit: worst <= LIMIT_MS,
    worstP95Ms: worst,
    trigramIndex: trigram,
    seedSeconds: round(seedMs / 1000),
    indexSeconds: round(indexMs / 1000),
  }),
);
process.exit(0);
