import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { systemClock, type Clock } from './engine/nucleo/clock.js';
import { useFiscalDataDir } from './engine/tabelas/fiscal-data-dir.js';
import type { ResolveHost } from './engine/webhooks/check-host.js';
import type { XmlSigner } from './engine/xml/sign-xml.js';
import { buildAppEngine, type AppEngine } from './composition/build-app-engine.js';
import { closeApp, releaseResources } from './composition/close-app.js';
import { createListener } from './composition/create-listener.js';
import { createWebhookRuntime } from './composition/create-webhook-runtime.js';
import { createSmtpMailer } from './composition/create-smtp-mailer.js';
import { openInfrastructure } from './composition/open-infrastructure.js';
import { startAuthorities } from './composition/start-authorities.js';
import { startRoles } from './composition/start-roles.js';
import { createLogger } from './create-logger.js';
import type { Metrics } from './metrics/create-metrics.js';
import type { AbrasfSimulator } from './simulator/abrasf/create-abrasf-simulator.js';
import type { LayoutNacionalSimulator } from './simulator/layout-nacional/create-layout-nacional-simulator.js';
import type { Abrasf1Simulator } from './simulator/abrasf/v1/create-abrasf-1-simulator.js';
import type { Simulator } from './simulator/nacional/create-simulator.js';
import type { SimulatorDelays } from './simulator/nacional/simulator-context.js';
import type { SaoPauloSimulator } from './simulator/sao-paulo/create-sao-paulo-simulator.js';
import { createTracePort } from './telemetry/create-trace-port.js';
import { startTracing, type Tracing } from './telemetry/start-tracing.js';

export type { AppEngine };

export type Role = 'api' | 'worker' | 'all';

export interface AppOptions {
  config: Config;
  role?: Role;
  clock?: Clock;
  /** Tests: the source of the job queue's backoff jitter, in [0, 1) (default Math.random). */
  random?: () => number;
  logger?: Logger;
  /** Tests: a PostgreSQL schema of their own, or an in-memory PGlite. */
  pgSchema?: string;
  pgliteDir?: string;
  /** Tests: a migrated PGlite to start an empty database from (see OpenDatabaseOptions.pgliteTemplate). */
  pgliteTemplate?: Blob;
  /** Timeout of calls to the national system and the SEFAZ services (default 30 s; tests shorten it). */
  nationalTimeoutMs?: number;
  /** Run the transmission worker in this process (default: role worker or all). */
  worker?: boolean;
  /** Tests: waits of the simulator's scenarios (e.g. a shorter processamento_lento). */
  simulatorDelays?: SimulatorDelays;
  /** The national simulator's signing certificate (default: one generated at start). */
  simulatorSigner?: XmlSigner;
  /** Tests: the DNS of webhook address checks (a name that rebinds to an internal address). */
  resolveHost?: ResolveHost;
  /** Tests: the limit of a webhook attempt (default DELIVERY_TIMEOUT_MS, 10 s). */
  webhookTimeoutMs?: number;
  /** How often websocket connections' keys are checked for revocation (default 10 s; tests shorten it). */
  keyRecheckMs?: number;
  /** Tests: sees every SQL statement Prisma sends (statement-count tests). */
  onQuery?: (sql: string) => void;
  /** Tests: sees the name of every named statement (EngineDeps.sql). */
  onStatement?: (name: string) => void;
  /**
   * Tracing already started (tests hand one with an in-memory exporter); null keeps it off. Absent: started from
   * the OTEL_* variables when they ask for it. The app shuts it down when it closes.
   */
  tracing?: Tracing | null;
}

export interface App {
  engine: AppEngine;
  /** The in-process simulator of the national system and the SEFAZ (tests drive its state). */
  simulator: Simulator;
  /** The in-process simulator of the ABRASF 2.04 cities. */
  abrasfSimulator: AbrasfSimulator;
  /** The in-process simulator of the providers' services that take the national DPS (SOAP and REST shapes). */
  layoutNacionalSimulator: LayoutNacionalSimulator;
  /** The ABRASF 1.00 families' simulated services (Ginfes v3, ISS Fortaleza). */
  abrasf1Simulator: Abrasf1Simulator;
  /** The in-process simulator of São Paulo's own system (tests drive its scenarios). */
  saoPauloSimulator: SaoPauloSimulator;
  database: Database;
  url: string;
  /** Null unless METRICS_PORT or METRICS_TOKEN exposes them. */
  metrics: Metrics | null;
  /** The METRICS_PORT listener's /metrics URL once listening; '' without one. */
  metricsUrl: string;
  listen(): Promise<string>;
  /**
   * Stops the process's work. With `graceMs`: new requests are refused at once, requests and jobs in flight get
   * until then to finish; jobs still running are then released to other workers and connections still open are
   * cut, so the process can exit within the grace period. With `drainMs` (SHUTDOWN_DRAIN_SECONDS on a stop by
   * signal), the API first drains that long: /readyz 503, requests served, each answer closing its connection; a
   * worker-role process, which serves no API, skips it.
   */
  close(options?: { graceMs?: number; drainMs?: number }): Promise<void>;
}

/**
 * The composition root: infrastructure is built once here and handed to engine, GraphQL, REST and workers. The
 * steps are those of src/composition, in order; closing stops the roles, then releases what they ran on.
 */
export async function createApp(options: AppOptions): Promise<App> {
  const { config } = options;
  useFiscalDataDir(config.fiscalDataDir);
  const role = options.role ?? 'all';
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const tracing = options.tracing !== undefined ? options.tracing : await startTracing(process.env);
  const infrastructure = await openInfrastructure(config, options, tracing, logger);
  const authorities = await startAuthorities(config, clock, options);
  // One SMTP transport for the process: NFS-e e-mails and webhook outage notices.
  const mailer = config.smtp ? createSmtpMailer(config.smtp) : null;
  const webhooks = createWebhookRuntime(config, infrastructure.database.prepared, options, mailer);
  const jobs = {
    leaseMs: config.jobLeaseSeconds * 1000,
    heartbeatMs: config.jobHeartbeatSeconds * 1000,
    maxAttempts: config.jobMaxAttempts,
    ...(options.random && { random: options.random }),
  };
  const engine = buildAppEngine({
    infrastructure,
    authorities,
    webhooks,
    mailer,
    clock,
    logger,
    trace: createTracePort(tracing),
    jobs,
  });
  const roles = await startRoles(engine, {
    tracing,
    config,
    role,
    runWorker: options.worker ?? role !== 'api',
    database: infrastructure.database,
    rateLimiter: infrastructure.rateLimiter,
    redisStatus: infrastructure.redisStatus,
    keyRecheckMs: options.keyRecheckMs,
  });
  const listener = createListener(config, role, roles.server, roles.metrics);

  return {
    engine,
    simulator: authorities.simulator,
    abrasfSimulator: authorities.abrasfSimulator,
    layoutNacionalSimulator: authorities.layoutNacionalSimulator,
    abrasf1Simulator: authorities.abrasf1Simulator,
    saoPauloSimulator: authorities.saoPauloSimulator,
    database: infrastructure.database,
    get url() {
      return listener.url;
    },
    metrics: roles.metrics,
    get metricsUrl() {
      return listener.metricsServer?.url ?? '';
    },
    listen: () => listener.listen(),
    close: ({ graceMs, drainMs } = {}) =>
      closeApp(
        {
          ...roles,
          requestLog: engine.requestLog,
          settleFirstAttempts: (deadline) => engine.firstAttempts.settle(engine, deadline),
          metricsServer: () => listener.metricsServer,
          release: async () => {
            await releaseResources({ authorities, infrastructure, webhooks });
            await tracing?.shutdown();
          },
        },
        graceMs,
        role === 'worker' ? 0 : drainMs,
      ),
  };
}
