// GraphQL subscriptions under load on PostgreSQL + Redis: N graphql-ws subscribers (default
// 1,000, each on its own websocket) follow `nfseAtualizada(empresaId)` for one of C companies (default 10), while
// the server issues notes one after another. Prints one JSON object: p50/p99/max from commit (the publish that
// follows it) to receipt of each note status change, deliveries, and the server's memory per idle subscriber
// (heap + external after GC, and RSS, before and after the subscribers connected).
// The clients run in a child process, so they share neither the server's event loop nor its heap.
// Usage: npm run bench:subscriptions [-- --subscribers 1000 --companies 10 --notes 60]
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { PubSub } from '../src/engine/nucleo/pubsub.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const subscribers = arg('subscribers', 1000);
const companies = arg('companies', 10);
const notes = arg('notes', 60);
const now = () => performance.timeOrigin + performance.now();

interface Plan {
  url: string;
  key: string;
  empresaIds: string[];
  subscribers: number;
}
type Receipt = [id: string, status: string, at: number];

if (process.argv.includes('--clients')) {
  process.once('message', (plan: Plan) => void runClients(plan));
} else {
  await runServer();
}

async function runServer() {
  // Always PostgreSQL + Redis: the layout the figures are asked for.
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:subscriptions does)');
  const { startTestApp } = await import('../test/support/test-app.js');
  const { seedAccount } = await import('../test/support/seed.js');
  const { issueNfse } = await import('../src/engine/nfse/issue-nfse.js');
  const { nfseInput } = await import('../test/support/nfse.js');

  const t = await startTestApp({ worker: false });
  const account = await seedAccount(t.app.engine, 'bench');
  const seeded = [];
  for (let i = 0; i < companies; i++) seeded.push(await account.company());
  const principal = { accountId: account.accountId, environment: 'test' as const, apiKeyId: 'bench', companyId: null };
  // Warm up the paths the measurement uses (issuance, GraphQL, pub/sub) before taking the memory baseline.
  for (const c of seeded.slice(0, 2))
    await issueNfse(t.app.engine, principal, { body: nfseInput(c.id), simular: null, waitSeconds: 10 });

  const watched = watchPubsub(t.app.engine);

  const memory = () => {
    gc();
    const m = process.memoryUsage();
    // `external` already includes `arrayBuffers` (the sockets' buffers).
    return { heap: m.heapUsed + m.external, rss: m.rss };
  };
  const before = memory();
  const child = fork(fileURLToPath(import.meta.url), ['--clients'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const fromChild = <T>(type: string) =>
    new Promise<T>((resolve) =>
      child.on('message', (m: { type: string; data: T }) => m.type === type && resolve(m.data)),
    );
  const connected = fromChild<number>('connected');
  child.send({ url: t.url, key: account.testKey, empresaIds: seeded.map((c) => c.id), subscribers } satisfies Plan);
  await connected;
  const started = Date.now();
  while (watched.opened() < subscribers) {
    if (Date.now() - started > 120_000)
      throw new Error(`only ${watched.opened()} of ${subscribers} subscriptions opened`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1_000)); // Redis SUBSCRIBE and the last acks settle
  const idle = memory();

  const runStart = now();
  for (let i = 0; i < notes; i++) {
    await issueNfse(t.app.engine, principal, {
      body: nfseInput(seeded[i % companies]!.id),
      simular: null,
      waitSeconds: 10,
    });
  }
  const expected = notes * 2 * (subscribers / companies); // transmitindo and autorizada, to each company's subscribers
  const received = fromChild<Receipt[]>('receipts');
  child.send({ type: 'report', expected });
  const receipts = await received;
  const runSeconds = (now() - runStart) / 1000;

  const result = {
    bench: 'subscriptions',
    mode: `postgres+redis`,
    subscribers,
    companies,
    notes_issued: notes,
    deliveries_expected: expected,
    deliveries_received: receipts.length,
    commit_to_receipt_ms: commitToReceiptMs(receipts, watched.published),
    run_seconds: Math.round(runSeconds * 10) / 10,
    memory_per_idle_subscriber_kb: {
      heap: Math.round(((idle.heap - before.heap) / subscribers / 1024) * 10) / 10,
      rss: Math.round(((idle.rss - before.rss) / subscribers / 1024) * 10) / 10,
    },
    node: process.version,
  };
  child.kill();
  await t.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

async function runClients(plan: Plan) {
  const { createClient } = await import('graphql-ws');
  const { default: WebSocket } = await import('ws');
  const receipts: Receipt[] = [];
  const query = 'subscription($e: ID) { nfseAtualizada(empresaId: $e) { id status } }';
  for (let i = 0; i < plan.subscribers; i++) {
    const client = createClient({
      url: `${plan.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${plan.key}` },
      lazy: false,
      retryAttempts: 0,
    });
    client.subscribe(
      { query, variables: { e: plan.empresaIds[i % plan.empresaIds.length] } },
      {
        next: (r) => {
          const n = (r.data as { nfseAtualizada?: { id: string; status: string } } | null)?.nfseAtualizada;
          if (n) receipts.push([n.id, n.status, now()]);
        },
        error: (e) => console.error('subscription error', e),
        complete: () => {},
      },
    );
    // Connect in small bursts: 1,000 handshakes at once would measure the accept queue, not the service.
    if (i % 50 === 49) await new Promise((r) => setTimeout(r, 50));
  }
  process.send!({ type: 'connected', data: plan.subscribers });
  process.on('message', (m: { type: string; expected: number }) => {
    if (m.type === 'report') void sendReceipts(receipts, m.expected);
  });
}

/** Sends the receipts to the server once `expected` arrived, or after a minute with those that did. */
async function sendReceipts(receipts: Receipt[], expected: number) {
  const deadline = Date.now() + 60_000;
  while (receipts.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  process.send!({ type: 'receipts', data: receipts });
}

/**
 * The engine's pub/sub, watched: the publish time of each note change (the publish follows the commit directly,
 * update-note.ts) and how many subscriptions were opened.
 */
function watchPubsub(engine: { pubsub: PubSub }) {
  const published = new Map<string, number>();
  const real = engine.pubsub;
  let opened = 0;
  engine.pubsub = {
    publish: (topic, message) => {
      if (topic.startsWith('nfse-conta:')) published.set(`${message.id}:${message.status}`, now());
      return real.publish(topic, message);
    },
    subscribe: (topic, signal) => {
      opened += 1;
      return real.subscribe(topic, signal);
    },
    close: () => real.close(),
  };
  return { published, opened: () => opened };
}

/** p50, p99 and max from each change's publish to its receipt by a subscriber. */
function commitToReceiptMs(receipts: Receipt[], published: Map<string, number>) {
  const latencies = receipts
    .map(([id, status, at]) => at - (published.get(`${id}:${status}`) ?? NaN))
    .filter((ms) => Number.isFinite(ms))
    .sort((x, y) => x - y);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]! * 10) / 10;
  return { p50: pct(50), p99: pct(99), max: pct(100) };
}
