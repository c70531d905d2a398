import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/create-metrics.js';
import { metricsAuthorized } from '../metrics/metrics-authorized.js';

export interface ServedMetrics {
  registry: Pick<Metrics, 'observeRequest' | 'render' | 'contentType'>;
  /** With a token the main port also serves GET /metrics to `Authorization: Bearer <token>`. */
  token: string | null;
}

/** Each request observed by its route template; GET /metrics on the main port when a token protects it. */
export function registerMetrics(app: FastifyInstance, metrics: ServedMetrics): void {
  // The route template, never the raw URL: ids in paths would make a series per note. A /v1 call is labelled
  // with the API's own template (`/v1/nfse/{id}`), as the request log keeps it; Fastify's is `/v1/*` for all
  // of them. A callback hook, not an async one: it spares a promise per request (bench/metrics.ts).
  app.addHook('onResponse', (req, reply, done) => {
    metrics.registry.observeRequest(
      req.logRota ?? req.routeOptions.url ?? 'unmatched',
      req.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  // Without a token the main port never serves metrics (only METRICS_PORT does, if set).
  if (metrics.token === null) return;
  const token = metrics.token;
  app.get('/metrics', async (req, reply) => {
    if (!metricsAuthorized(req.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.render());
  });
}
