import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { AppOptions, Role } from '../create-app.js';
import type { Database } from '../db/database.js';
import type { RateLimiter } from '../engine/nucleo/rate-limiter.js';
import { schema } from '../graph/schema/index.js';
import { attachGraphqlWs } from '../http/attach-graphql-ws.js';
import { buildServer } from '../http/build-server.js';
import { keyWsAccess } from '../http/key-ws-access.js';
import { panelWsAccess } from '../http/painel/panel-ws-access.js';
import { routeUpgrades } from '../http/route-upgrades.js';
import { createMetrics, type Metrics } from '../metrics/create-metrics.js';
import { createRestApi } from '../rest/rest-api.js';
import { periodicTasks, type PeriodicSettings } from '../worker/periodic-tasks.js';
import { startScheduler } from '../worker/start-scheduler.js';
import { startWorker } from '../worker/start-worker.js';
import { startWebhookWorker } from '../worker/webhook-worker.js';
import { startEmailWorker } from '../worker/start-email-worker.js';
import type { AppEngine } from './build-app-engine.js';
import type { RedisStatus } from './open-messaging.js';
import type { Tracing } from '../telemetry/start-tracing.js';

export interface Roles {
  /** Null unless METRICS_PORT or METRICS_TOKEN exposes them. */
  metrics: Metrics | null;
  worker: ReturnType<typeof startWorker> | null;
  /** The periodic jobs (one scheduler per worker process, each job run by one process at a time). */
  scheduler: ReturnType<typeof startScheduler> | null;
  webhookWorker: ReturnType<typeof startWebhookWorker> | null;
  /** NFS-e e-mails to takers and to addresses asked for (nfse/email). */
  emailWorker: ReturnType<typeof startEmailWorker> | null;
  server: FastifyInstance;
  /** The websocket servers of /graphql and /painel/graphql, in that order. */
  sockets: Array<{ close(): Promise<void> }>;
}

export interface RolesOptions extends Pick<AppOptions, 'keyRecheckMs'> {
  config: Config;
  role: Role;
  /** Run the transmission and webhook workers in this process. */
  runWorker: boolean;
  database: Database;
  rateLimiter: RateLimiter;
  redisStatus: () => RedisStatus;
  /** Each request's server span, where tracing is on. */
  tracing: Tracing | null;
}

/** The workers (where this process runs them) and the HTTP server with its websockets, built but not listening. */
export async function startRoles(engine: AppEngine, options: RolesOptions): Promise<Roles> {
  const { config, database } = options;
  // Metrics cost a little on every request, so they exist only where something can read them.
  const metrics =
    config.metricsPort !== null || config.metricsToken !== null
      ? createMetrics({
          db: database.prisma,
          clock: engine.clock,
          role: options.role,
          poolStats: database.poolStats,
          dependencies: {
            redis: options.redisStatus,
            databaseUp: () =>
              databaseAnswers(database).then(
                () => true,
                () => false,
              ),
          },
        })
      : null;
  const worker = options.runWorker
    ? startWorker(engine, {
        onJobDone: metrics ? (provider, outcome, seconds) => metrics.observeJob(provider, outcome, seconds) : undefined,
      })
    : null;
  const webhookWorker = options.runWorker ? startWebhookWorker(engine) : null;
  const emailWorker = options.runWorker ? startEmailWorker(engine) : null;
  const scheduler = options.runWorker ? startScheduler(engine, periodicTasks(engine, periodicSettings(config))) : null;
  const { server, sockets } = await serveHttp(engine, metrics, options);
  return { metrics, worker, scheduler, webhookWorker, emailWorker, server, sockets };
}

function periodicSettings(config: Config): PeriodicSettings {
  return {
    sweepMs: config.sweepSeconds * 1000,
    purgeMs: config.purgeIntervalMinutes * 60_000,
    purgeChunkRows: config.purgeChunkRows,
    loteResumeMs: config.loteResumeSeconds * 1000,
    captureIntervalMs: config.captureIntervalMinutes * 60_000,
    captureTickMs: config.captureTickSeconds * 1000,
  };
}

/** Fastify with REST, GraphQL and the panel, and the websockets of both GraphQL endpoints on its upgrades. */
async function serveHttp(engine: AppEngine, metrics: Metrics | null, options: RolesOptions) {
  const { config, database } = options;
  const rest = await createRestApi(schema, engine);
  const { app, yoga, painelYoga } = await buildServer({
    engine,
    schema,
    rest,
    rateLimiter: options.rateLimiter,
    tracing: options.tracing,
    requestLog: engine.requestLog,
    docsUrl: config.docsUrl,
    healthcheck: () => databaseAnswers(database),
    redisState: () => options.redisStatus().state,
    metrics: metrics ? { registry: metrics, token: config.metricsToken } : undefined,
    painel: { dir: config.painelDir, origins: config.painelOrigins },
    trustProxy: config.trustProxy,
  });
  const ws = attachGraphqlWs(yoga, engine, keyWsAccess(engine), { keyRecheckMs: options.keyRecheckMs });
  const painelWs = attachGraphqlWs(
    painelYoga,
    engine,
    panelWsAccess(engine, { trustProxy: config.trustProxy, origins: config.painelOrigins }),
    {
      keyRecheckMs: options.keyRecheckMs,
    },
  );
  routeUpgrades(app.server, { '/graphql': ws.wss, '/painel/graphql': painelWs.wss });
  return { server: app, sockets: [ws, painelWs] };
}

/** The longest a health check waits for the database before calling it down. */
const HEALTHCHECK_TIMEOUT_MS = 2_000;

async function databaseAnswers(database: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the database did not answer in time')), HEALTHCHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([database.prisma.$queryRawUnsafe('SELECT 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
