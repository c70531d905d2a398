// Faults under load: clients issue notes (POST /v1/nfse, each with its own Idempotency-Key, repeated with it while
// the answer is a retryable error or none) while one fault is injected and healed. Prints one JSON object per fault:
// notes lost (a key never answered with its note, or answered with a note not stored), notes doubled (stored notes
// beyond one per key), requests answered (of those sent, within 30 s), p99 latency of the requests sent during the
// fault, and seconds from the fault's end until /readyz says ok and a new note is issued.
// Each fault is one entry of FAULTS. redis_down: a redis-server of the bench's own is killed for --fault-seconds
// and started again. postgres_restart (only with DATABASE_URL): every backend of a database of the bench's own is
// terminated, three times 300 ms apart.
// Usage: npm run bench:falhas [-- --fault-seconds 5 --clients 8]
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { nfseBody } from '../test/support/nfse.js';
import { startOwnRedis, type OwnRedis } from '../test/support/own-redis.js';
import { seedAccount } from '../test/support/seed.js';
import { startTestApp, type TestApp } from '../test/support/test-app.js';
import { percentile } from './load-clients.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const faultSeconds = arg('fault-seconds', 5);
const clients = arg('clients', 8);
const DEADLINE_MS = 30_000;

interface Target {
  t: TestApp;
  inject(): Promise<void>;
  heal(): Promise<void>;
  close(): Promise<void>;
}

interface Fault {
  name: string;
  /** Why it cannot run here, or null. */
  unavailable(): string | null;
  start(): Promise<Target>;
}

const FAULTS: Fault[] = [
  {
    name: 'redis_down',
    unavailable: () => null,
    start: async () => {
      const redis: OwnRedis = await startOwnRedis();
      const t = await startTestApp({ env: { REDIS_URL: redis.url } });
      return { t, inject: () => redis.kill(), heal: () => redis.start(), close: () => t.close().then(redis.stop) };
    },
  },
  {
    name: 'postgres_restart',
    unavailable: () => (process.env.DATABASE_URL ? null : 'needs DATABASE_URL'),
    start: async () => {
      const database = `fiscal_falhas_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
      const admin = async (sql: string, params: unknown[] = []) => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        try {
          return await c.query(sql, params);
        } finally {
          await c.end();
        }
      };
      await admin(`CREATE DATABASE "${database}"`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${database}`;
      const t = await startTestApp({ env: { DATABASE_URL: url.toString(), REDIS_URL: '' } });
      const terminate = () =>
        admin('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
          database,
        ]);
      return {
        t,
        inject: async () => {
          for (let round = 0; round < 3; round++, await sleep(300)) await terminate();
        },
        heal: async () => {},
        close: async () => {
          await t.close();
          await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        },
      };
    },
  },
];

interface Attempt {
  startedAt: number;
  ms: number;
  status: number;
}

async function runFault(fault: Fault) {
  const target = await fault.start();
  const { t } = target;
  const acct = await seedAccount(t.app.engine);
  const company = await acct.company();
  const keys = await Promise.all(Array.from({ length: clients * 4 }, () => acct.key('test')));
  const attempts: Attempt[] = [];
  const answeredIds = new Map<string, string>();
  let stop = false;
  let sent = 0;
  const send = async (apiKey: string, idempotencyKey: string) => {
    const startedAt = performance.now();
    let status = -1;
    let body = null as { id?: string } | null;
    try {
      const res = await fetch(`${t.url}/v1/nfse`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify(nfseBody(company.id)),
        signal: AbortSignal.timeout(DEADLINE_MS),
      });
      status = res.status;
      body = (await res.json().catch(() => null)) as typeof body;
    } catch (err) {
      status = (err as Error).name === 'TimeoutError' ? -1 : 0;
    }
    attempts.push({ startedAt, ms: performance.now() - startedAt, status });
    return { status, body };
  };
  const client = async (n: number) => {
    for (let i = 0; !stop; i++) {
      const idempotencyKey = randomUUID();
      sent++;
      for (let tries = 0; tries < 60; tries++) {
        const { status, body } = await send(keys[(n * 4 + i) % keys.length]!, idempotencyKey);
        if ((status === 201 || status === 202) && body?.id) {
          answeredIds.set(idempotencyKey, body.id);
          break;
        }
        await sleep(200);
      }
    }
  };
  const running = Array.from({ length: clients }, (_, n) => client(n));
  await sleep(3_000);
  const faultAt = performance.now();
  await target.inject();
  await sleep(faultSeconds * 1000);
  await target.heal();
  const healedAt = performance.now();
  const recoveredAt = await recovered(t.url, () => send(keys[0]!, randomUUID()), healedAt);
  await sleep(3_000);
  stop = true;
  await Promise.all(running);
  const stored = await t.app.engine.db.nfse.findMany({ where: { companyId: company.id }, select: { id: true } });
  const storedIds = new Set(stored.map((n) => n.id));
  const ids = [...answeredIds.values()];
  const during = attempts
    .filter((a) => a.startedAt >= faultAt && a.startedAt <= healedAt + 1_000)
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  const figures = {
    falha: fault.name,
    notasPerdidas: sent - answeredIds.size + ids.filter((id) => !storedIds.has(id)).length,
    // The recovery probe's note is one of the stored ones.
    notasDuplicadas: Math.max(0, storedIds.size - new Set(ids).size - (recoveredAt ? 1 : 0)),
    requisicoesRespondidas: attempts.filter((a) => a.status > 0).length,
    requisicoes: attempts.length,
    p99DuranteFalhaMs: percentile(during, 99),
    segundosParaRecuperar: recoveredAt ? Number(((recoveredAt - healedAt) / 1000).toFixed(2)) : null,
  };
  await target.close();
  return figures;
}

/** When /readyz said ok and a note was issued, after the fault's end (0: not within a minute). */
async function recovered(url: string, issue: () => Promise<{ status: number }>, healedAt: number) {
  for (const deadline = healedAt + 60_000; performance.now() < deadline; await sleep(100)) {
    const ready = (await fetch(`${url}/readyz`)
      .then((r) => r.json())
      .catch(() => null)) as { status?: string } | null;
    if (ready?.status !== 'ok') continue;
    const res = await issue();
    if (res.status === 201 || res.status === 202) return performance.now();
  }
  return 0;
}

for (const fault of FAULTS) {
  const why = fault.unavailable();
  if (why) {
    process.stdout.write(`${JSON.stringify({ falha: fault.name, ignorada: why })}\n`);
    continue;
  }
  process.stdout.write(`${JSON.stringify(await runFault(fault))}\n`);
}
process.exit(0);
