import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import type { Role } from '../create-app.js';
import type { Metrics } from '../metrics/create-metrics.js';
import { serveMetrics, type MetricsServer } from '../metrics/serve-metrics.js';

export interface Listener {
  /** The server's URL once listening; '' before, and in a worker-only process. */
  readonly url: string;
  /** The METRICS_PORT listener once listening. */
  readonly metricsServer: MetricsServer | null;
  /** Opens the metrics port (every role), then the server's port (not in a worker-only process); returns the URL. */
  listen(): Promise<string>;
}

export function createListener(
  config: Pick<Config, 'port' | 'host' | 'metricsPort' | 'metricsToken'>,
  role: Role,
  server: FastifyInstance,
  metrics: Metrics | null,
): Listener {
  let url = '';
  let metricsServer: MetricsServer | null = null;
  return {
    get url() {
      return url;
    },
    get metricsServer() {
      return metricsServer;
    },
    listen: async () => {
      if (metrics && config.metricsPort !== null && !metricsServer) {
        metricsServer = await serveMetrics(metrics, {
          port: config.metricsPort,
          host: config.host,
          token: config.metricsToken,
        });
      }
      if (role === 'worker') return '';
      await server.listen({ port: config.port, host: config.host });
      const address = server.server.address() as AddressInfo;
      url = `http://127.0.0.1:${address.port}`;
      return url;
    },
  };
}
