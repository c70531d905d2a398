// Faults under load: clients issue notes (POST /v1/nfse, each with its own Idempotency-Key, repeated with it while
// the answer is a retryable error or none) while one fault is injected and healed. Prints one JSON object per fault:
// notes lost (a key never answered with its note, or answered with a note not stored), notes doubled (stored notes
// beyond one per key, and DPS sent to the national side more than once), requests answered (of those sent, within
// 30 s), p99 latency of the requests sent during the fault, and seconds from the fault's end until /readyz says ok
// and a new note is issued — and, against api + worker processes, until every note stored before the fault's end
// has left `transmitindo` (the transmissions the fault held up are done).
// Each fault is one entry of FAULTS. redis_down: a redis-server of the bench's own is killed for --fault-seconds
// and started again. postgres_restart (only with DATABASE_URL): every backend of a database of the bench's own is
// terminated, three times 300 ms apart. The others run an api and a worker process (`serve --role`, on
// PostgreSQL at DATABASE_URL in a schema of their own, with the shared Redis) behind a relay standing in for the
// load balancer, the national simulator in the bench's process behind a relay of its own: worker_sigkill (the
// worker killed, a replacement started at once), simulador_fora (the national simulator's relay refuses
// connections for --simulator-seconds, 60 by default) and rolling_restart (a new api started, the relay moved to
// it, the old one SIGTERMed; then the same for the worker).
// Usage: npm run bench:falhas [-- --fault-seconds 5 --clients 8 --simulator-seconds 60 --only worker_sigkill]
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createSimulator } from '../src/simulator/nacional/create-simulator.js';
import { nationalDpsIds } from '../test/support/child-service.js';
import { createCluster, type Member } from '../test/support/cluster.js';
import { linha } from '../test/support/lotes.js';
import { nfseBody } from '../test/support/nfse.js';
import { startOwnRedis, type OwnRedis } from '../test/support/own-redis.js';
import { seedAccount } from '../test/support/seed.js';
import { simulatorSigner } from '../test/support/test-keys.js';
import { startTestApp, type TestApp } from '../test/support/test-app.js';
import { percentile } from './load-clients.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const faultSeconds = arg('fault-seconds', 5);
const simulatorSeconds = arg('simulator-seconds', 60);
const clients = arg('clients', 8);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const DEADLINE_MS = 30_000;

/** What the load and the figures need of the service under a fault. */
interface Target {
  /** Where clients send their requests (it may move: a rolling restart). */
  url: string;
  companyId: string;
  keys: string[];
  /** The ids of the notes stored for the company. */
  storedIds(): Promise<Set<string>>;
  /** Notes still `transmitindo` created before `before`; 0 where nothing transmits in the background. */
  pending(before: Date): Promise<number>;
  /** The DPS ids the national side received, one per send authorised (a repeat is a note sent twice). */
  nationalDps(): string[];
  inject(): Promise<void>;
  heal(): Promise<void>;
  close(): Promise<void>;
}

interface Fault {
  name: string;
  /** Why it cannot run here, or null. */
  unavailable(): string | null;
  /** How long the fault lasts before its heal. */
  seconds(): number;
  start(): Promise<Target>;
}

/** One process's service (api and worker in one, embedded simulator) as the in-process faults use it. */
async function inProcess(t: TestApp, extra: Pick<Target, 'inject' | 'heal' | 'close'>): Promise<Target> {
  const acct = await seedAccount(t.app.engine);
  const company = await acct.company();
  const keys = await Promise.all(Array.from({ length: clients * 4 }, () => acct.key('test')));
  return {
    url: t.url,
    companyId: company.id,
    keys,
    storedIds: async () =>
      new Set(
        (await t.app.engine.db.nfse.findMany({ where: { companyId: company.id }, select: { id: true } })).map(
          (n) => n.id,
        ),
      ),
    pending: async () => 0,
    nationalDps: () => [],
    ...extra,
  };
}

const FAULTS: Fault[] = [
  {
    name: 'redis_down',
    unavailable: () => null,
    seconds: () => faultSeconds,
    start: async () => {
      const redis: OwnRedis = await startOwnRedis();
      const t = await startTestApp({ env: { REDIS_URL: redis.url } });
      return inProcess(t, {
        inject: () => redis.kill(),
        heal: () => redis.start(),
        close: () => t.close().then(redis.stop),
      });
    },
  },
  {
    name: 'postgres_restart',
    unavailable: () => (process.env.DATABASE_URL ? null : 'needs DATABASE_URL'),
    seconds: () => faultSeconds,
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
      return inProcess(t, {
        inject: async () => {
          for (let round = 0; round < 3; round++, await sleep(300)) await terminate();
        },
        heal: async () => {},
        close: async () => {
          await t.close();
          await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        },
      });
    },
  },
  {
    name: 'worker_sigkill',
    unavailable: () => (process.env.DATABASE_URL ? null : 'needs DATABASE_URL'),
    seconds: () => 0,
    start: async () => {
      const c = await startCluster();
      return {
        ...c.target,
        inject: async () => {
          // The worker transmits batches' notes (priority-1 jobs): it dies holding their leases.
          await transmittingBatches(c);
          const dead = c.worker;
          dead.child.kill('SIGKILL');
          await dead.exited;
          c.worker = await c.cluster.start('worker', c.workerEnv);
        },
        heal: async () => {},
      };
    },
  },
  {
    name: 'simulador_fora',
    unavailable: () => (process.env.DATABASE_URL ? null : 'needs DATABASE_URL'),
    seconds: () => simulatorSeconds,
    start: async () => {
      const c = await startCluster();
      return { ...c.target, inject: () => c.national.refuse(), heal: () => c.national.accept() };
    },
  },
  {
    name: 'rolling_restart',
    unavailable: () => (process.env.DATABASE_URL ? null : 'needs DATABASE_URL'),
    seconds: () => 0,
    start: async () => {
      const c = await startCluster();
      return {
        ...c.target,
        inject: async () => {
          await transmittingBatches(c);
          const oldApi = c.api;
          c.api = await c.cluster.start('api', c.workerEnv);
          c.balancer.moveTo(c.api.info.url);
          await stopGracefully(oldApi);
          const oldWorker = c.worker;
          c.worker = await c.cluster.start('worker', c.workerEnv);
          await stopGracefully(oldWorker);
        },
        heal: async () => {},
      };
    },
  },
];

/**
 * Three 100-line batches posted, once the worker sends their notes to the national side: it holds jobs when the
 * fault strikes, and recovery waits for every one of them.
 */
async function transmittingBatches(c: Awaited<ReturnType<typeof startCluster>>) {
  const sentBefore = c.target.nationalDps().length;
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${c.target.url}/v1/lotes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.target.keys[i]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ empresa_id: c.target.companyId, itens: Array.from({ length: 100 }, () => linha()) }),
    });
    if (res.status !== 202) throw new Error(`batch refused: ${res.status} ${await res.text()}`);
  }
  for (const deadline = performance.now() + 30_000; performance.now() < deadline; await sleep(50)) {
    const batchNotes = await c.cluster.query<{ n: string }>(
      `SELECT count(*) AS n FROM nfse WHERE lote_id IS NOT NULL AND status = 'transmitindo'`,
    );
    if (c.target.nationalDps().length > sentBefore + 20 && Number(batchNotes[0]!.n) > 0) return;
  }
}

async function stopGracefully(member: Member) {
  member.child.kill('SIGTERM');
  await member.exited;
}

/**
 * An api and a worker process on PostgreSQL (a schema of their own, dropped at the end) behind a relay standing in
 * for the load balancer; their national system a simulator in this process, behind a relay that can refuse.
 */
async function startCluster() {
  const cluster = createCluster();
  const simulator = createSimulator({ signer: simulatorSigner(), stateDir: join(cluster.dataDir, 'simulador') });
  const national = await startRelay(await simulator.listen(0));
  const workerEnv = { NATIONAL_API_URL_TEST: `${national.url}/SefinNacional` };
  const api = await cluster.start('api', { ...workerEnv, CHILD_SEED: '1', CHILD_SEED_KEYS: String(clients * 4) });
  const worker = await cluster.start('worker', workerEnv);
  const balancer = await startRelay(api.info.url);
  const companyId = api.info.companyId!;
  const c = {
    cluster,
    api,
    worker,
    workerEnv,
    national,
    balancer,
    target: {
      url: balancer.url,
      companyId,
      keys: api.info.keys!,
      storedIds: async () =>
        new Set(
          (
            await cluster.query<{ id: string }>(
              'SELECT id::text AS id FROM nfse WHERE company_id = $1 AND lote_id IS NULL',
              [companyId],
            )
          ).map((r) => r.id),
        ),
      pending: async (before: Date) =>
        Number(
          (
            await cluster.query<{ n: string }>(
              `SELECT count(*) AS n FROM nfse WHERE status = 'transmitindo' AND created_at < $1`,
              [before],
            )
          )[0]!.n,
        ),
      nationalDps: () => nationalDpsIds(cluster.dataDir),
      close: async () => {
        await cluster.stop();
        await balancer.close();
        await national.close();
        await simulator.close();
      },
    },
  };
  return c;
}

/**
 * A TCP relay to `upstream` (http://host:port): the load balancer in front of the api (moveTo a replacement), or
 * the way to the national simulator (refuse: its port stops accepting, open connections cut; accept: open again).
 */
async function startRelay(upstream: string) {
  let target = new URL(upstream);
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const hop = connect(Number(target.port), target.hostname);
        for (const s of [client, hop]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => (client.destroy(), hop.destroy()));
        }
        client.pipe(hop).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  const refuse = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    moveTo: (url: string) => void (target = new URL(url)),
    refuse,
    accept: listen,
    close: refuse,
  };
}

interface Attempt {
  startedAt: number;
  ms: number;
  status: number;
}

/** Clients issuing notes until stopped: every attempt, and each key's note once answered. */
function startLoad(target: Target) {
  const attempts: Attempt[] = [];
  const answeredIds = new Map<string, string>();
  const state = { stop: false, sent: 0 };
  const send = async (apiKey: string, idempotencyKey: string) => {
    const startedAt = performance.now();
    let status = -1;
    let body = null as { id?: string } | null;
    try {
      const res = await fetch(`${target.url}/v1/nfse`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify(nfseBody(target.companyId)),
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
    for (let i = 0; !state.stop; i++) {
      const idempotencyKey = randomUUID();
      state.sent++;
      for (let tries = 0; tries < 60; tries++) {
        const { status, body } = await send(target.keys[(n * 4 + i) % target.keys.length]!, idempotencyKey);
        if ((status === 201 || status === 202) && body?.id) {
          answeredIds.set(idempotencyKey, body.id);
          break;
        }
        await sleep(200);
      }
    }
  };
  const running = Array.from({ length: clients }, (_, n) => client(n));
  return { attempts, answeredIds, state, send, running };
}

async function runFault(fault: Fault) {
  const target = await fault.start();
  const load = startLoad(target);
  await sleep(3_000);
  const faultAt = performance.now();
  await target.inject();
  await sleep(fault.seconds() * 1000);
  await target.heal();
  const healedAt = performance.now();
  const healedAtDate = new Date();
  // One key for every try of the recovery probe: a try that failed after its note committed is answered by the next.
  const probeKey = randomUUID();
  const recoveredAt = await recovered(target, () => load.send(target.keys[0]!, probeKey), healedAt, healedAtDate);
  await sleep(3_000);
  load.state.stop = true;
  await Promise.all(load.running);
  // The transmissions of the last notes end before the national side is counted.
  for (const deadline = performance.now() + 60_000; performance.now() < deadline; await sleep(250))
    if ((await target.pending(new Date())) === 0) break;
  const storedIds = await target.storedIds();
  const ids = [...load.answeredIds.values()];
  const national = target.nationalDps();
  const during = load.attempts
    .filter((a) => a.startedAt >= faultAt && a.startedAt <= healedAt + 1_000)
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  const figures = {
    falha: fault.name,
    notasPerdidas: load.state.sent - load.answeredIds.size + ids.filter((id) => !storedIds.has(id)).length,
    // The recovery probe's note is one of the stored ones.
    notasDuplicadas:
      Math.max(0, storedIds.size - new Set(ids).size - (recoveredAt ? 1 : 0)) +
      (national.length - new Set(national).size),
    requisicoesRespondidas: load.attempts.filter((a) => a.status > 0).length,
    requisicoes: load.attempts.length,
    // Each status answered, by count; 0 a connection cut or refused without an answer, -1 no answer within 30 s.
    respostas: countBy(load.attempts.map((a) => String(a.status))),
    p99DuranteFalhaMs: percentile(during, 99),
    segundosParaRecuperar: recoveredAt ? Number(((recoveredAt - healedAt) / 1000).toFixed(2)) : null,
    // From the fault's start: a killed or restarted process's replacement start-up is part of its fault.
    segundosDesdeAFalha: recoveredAt ? Number(((recoveredAt - faultAt) / 1000).toFixed(2)) : null,
    ...(national.length ? { enviosNacionais: national.length, notasAvulsas: storedIds.size } : {}),
  };
  await target.close();
  return figures;
}

const countBy = (values: string[]) =>
  Object.fromEntries([...new Set(values)].sort().map((v) => [v, values.filter((x) => x === v).length]));

/**
 * When /readyz said ok, a note was issued and no note stored before the fault's end was still transmitting,
 * after the fault's end (0: not within two minutes).
 */
async function recovered(
  target: Target,
  issue: () => Promise<{ status: number }>,
  healedAt: number,
  healedAtDate: Date,
) {
  let issued = false;
  for (const deadline = healedAt + 120_000; performance.now() < deadline; await sleep(100)) {
    const ready = (await fetch(`${target.url}/readyz`)
      .then((r) => r.json())
      .catch(() => null)) as { status?: string } | null;
    if (ready?.status !== 'ok') continue;
    if (!issued) {
      const res = await issue();
      issued = res.status === 201 || res.status === 202;
      if (!issued) continue;
    }
    if ((await target.pending(healedAtDate)) === 0) return performance.now();
  }
  return 0;
}

for (const fault of FAULTS) {
  if (only && fault.name !== only) continue;
  const why = fault.unavailable();
  if (why) {
    process.stdout.write(`${JSON.stringify({ falha: fault.name, ignorada: why })}\n`);
    continue;
  }
  process.stdout.write(`${JSON.stringify(await runFault(fault))}\n`);
}
process.exit(0);
