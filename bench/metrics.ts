// CPU cost of the request metrics: µs per observeRequest (counter + histogram with route/method/status labels),
// and CPU per request of a Fastify route with and without the metrics hook (app.inject, no sockets, so the hook's
// share is not drowned by network costs), and the CPU of rendering the registry once (database read stubbed).
// Prints one JSON object. Usage: npm run bench:metrics [-- --requests 20000]
import Fastify from 'fastify';
import type { Db } from '../src/db/database.js';
import { createMetrics } from '../src/metrics/create-metrics.js';

const requests = Number(process.argv[process.argv.indexOf('--requests') + 1]) || 20_000;
const observes = 1_000_000;
// The database's figures are not what is measured here: an empty aggregate.
const db = { $queryRawUnsafe: async () => [] } as unknown as Db;
const metrics = createMetrics({ db, clock: { now: () => new Date() }, role: 'all' });

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

const routes = ['/v1/*', '/graphql', '/healthz', 'unmatched'];
for (let i = 0; i < 10_000; i++) metrics.observeRequest(routes[i % 4]!, 'GET', 200, 0.001);
let start = cpuUs();
for (let i = 0; i < observes; i++)
  metrics.observeRequest(routes[i & 3]!, i & 1 ? 'GET' : 'POST', i % 7 === 0 ? 404 : 200, (i % 100) / 1000);
const observeUs = (cpuUs() - start) / observes;

async function perRequest(withMetrics: boolean): Promise<number> {
  const app = Fastify({ logger: false });
  if (withMetrics) {
    app.addHook('onResponse', (req, reply, done) => {
      metrics.observeRequest(
        req.routeOptions.url ?? 'unmatched',
        req.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
  app.get('/v1/*', async () => ({ ok: true }));
  await app.ready();
  for (let i = 0; i < 2_000; i++) await app.inject({ method: 'GET', url: `/v1/companies/${i}` });
  const begin = cpuUs();
  for (let i = 0; i < requests; i++) await app.inject({ method: 'GET', url: `/v1/companies/${i}` });
  const us = (cpuUs() - begin) / requests;
  await app.close();
  return us;
}

// Alternated, five times each (the best of each kept), so drift (JIT, GC, a busy neighbour) falls on both sides.
const without: number[] = [];
const withHook: number[] = [];
for (let round = 0; round < 5; round++) {
  without.push(await perRequest(false));
  withHook.push(await perRequest(true));
}
const best = (xs: number[]) => Math.min(...xs);

await metrics.render();
start = cpuUs();
const renders = 200;
for (let i = 0; i < renders; i++) await metrics.registry.metrics();
const renderUs = (cpuUs() - start) / renders;

console.log(
  JSON.stringify({
    observeRequestUs: Number(observeUs.toFixed(3)),
    requestCpuUsWithoutMetrics: Number(best(without).toFixed(1)),
    requestCpuUsWithMetrics: Number(best(withHook).toFixed(1)),
    hookCpuUsPerRequest: Number((best(withHook) - best(without)).toFixed(1)),
    renderRegistryUs: Math.round(renderUs),
    requests,
    observes,
  }),
);
