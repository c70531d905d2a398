import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './create-metrics.js';
import { metricsAuthorized } from './metrics-authorized.js';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A listener of its own that serves only GET /metrics (METRICS_PORT), in every role: a worker-only process has no
 * other port. The port itself is the protection (keep it off the public network); METRICS_TOKEN, when set, is
 * required here too.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { port: number; host: string; token: string | null },
): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (!metricsAuthorized(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
      return;
    }
    metrics.render().then(
      (text) =>
        res.writeHead(200, { 'content-type': metrics.contentType }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  // Scrapers keep connections open; they must not hold a stopping process.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
