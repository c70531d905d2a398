import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { loteSettlement } from './engine/lotes/lote-settlement.js';
import { readinessFollow } from './engine/prontidao/readiness-follow.js';
import { createSecretBox } from './engine/cripto/secret-box.js';
import { loadOrCreateMasterKey } from './engine/cripto/load-or-create-master-key.js';
import { loadLibxml2 } from './engine/xml/libxml2.js';
import { useFiscalDataDir } from './engine/tabelas/fiscal-data-dir.js';
import { createSimulator, SEFAZ_NFE_PATH, type Simulator } from './simulator/nacional/create-simulator.js';
import { createAbrasfSimulator, type AbrasfSimulator } from './simulator/abrasf/create-abrasf-simulator.js';
import { AbrasfGateway } from './engine/autoridades/abrasf/abrasf-gateway.js';
import type { SimulatorDelays } from './simulator/nacional/simulator-context.js';
import { httpSefazGateway } from './engine/autoridades/sefaz/sefaz-gateway.js';
import { brasilApiCnpj } from './engine/autoridades/cadastros/brasil-api-cnpj.js';
import { viaCep } from './engine/autoridades/cadastros/via-cep.js';
import { sefazConsultaContribuinte } from './engine/autoridades/sefaz/sefaz-consulta-contribuinte.js';
import { cadastrosComCache } from './engine/autoridades/cadastros/cadastros-com-cache.js';
import { BRASILAPI_PATH, VIACEP_PATH } from './simulator/cadastros/consultas-publicas-simuladas.js';
import { NationalGateway } from './engine/autoridades/nfse-nacional/national-gateway.js';
import { SaoPauloGateway } from './engine/autoridades/sao-paulo/sao-paulo-gateway.js';
import { createSaoPauloSimulator, type SaoPauloSimulator } from './simulator/sao-paulo/create-sao-paulo-simulator.js';
import { FirstAttempts } from './engine/fila/first-attempts.js';
import type { TransmissionDeps } from './engine/transmission-deps.js';
import { startWorker } from './worker/start-worker.js';
import { systemResolveHost, type ResolveHost } from './engine/webhooks/check-host.js';
import { createOutageMailer } from './engine/webhooks/outage-mailer.js';
import { DELIVERY_TIMEOUT_MS } from './engine/webhooks/attempt-delivery.js';
import { SafeDispatchers } from './engine/webhooks/safe-dispatchers.js';
import type { WebhookRuntime } from './engine/webhooks/webhook-deps.js';
import { startWebhookWorker } from './worker/webhook-worker.js';
import { systemClock, type Clock } from './engine/nucleo/clock.js';
import { lockDataDir } from './engine/nucleo/data-dir-lock.js';
import { createLocalPubSub, createRedisPubSub, type PubSub } from './engine/nucleo/pubsub.js';
import { createLocalRateLimiter, createRedisRateLimiter, type RateLimiter } from './engine/nucleo/rate-limiter.js';
import { schema } from './graph/schema/index.js';
import { attachGraphqlWs } from './http/attach-graphql-ws.js';
import { buildServer } from './http/build-server.js';
import { keyWsAccess } from './http/key-ws-access.js';
import { panelWsAccess } from './http/painel/panel-ws-access.js';
import { routeUpgrades } from './http/route-upgrades.js';
import { createLogger } from './create-logger.js';
import { createRestApi } from './rest/rest-api.js';
import { createMetrics, type Metrics } from './metrics/create-metrics.js';
import { RequestLog } from './engine/contas/request-log.js';
import { serveMetrics, type MetricsServer } from './metrics/serve-metrics.js';
import type { XmlSigner } from './engine/xml/sign-xml.js';

export type Role = 'api' | 'worker' | 'all';

/** A registry lookup holds up an NF-e request: it gets a few seconds, then the caller is told to retry or send the fields. */
const REGISTRY_TIMEOUT_MS = 5_000;

export interface AppOptions {
  config: Config;
  role?: Role;
  clock?: Clock;
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
}

export type AppEngine = TransmissionDeps & { webhooks: WebhookRuntime };

export interface App {
  engine: AppEngine;
  /** The in-process simulator of the national system and the SEFAZ (tests drive its state). */
  simulator: Simulator;
  /** The in-process simulator of the ABRASF 2.04 cities. */
  abrasfSimulator: AbrasfSimulator;
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
   * cut, so the process can exit within the grace period.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** The composition root: infrastructure is built once here and handed to engine, GraphQL, REST and workers. */
export async function createApp(options: AppOptions): Promise<App> {
  const { config } = options;
  useFiscalDataDir(config.fiscalDataDir);
  const role = options.role ?? 'all';
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const cleanups: Array<() => Promise<void> | void> = [];

  const embedded = !config.databaseUrl;
  if (embedded && !options.pgliteDir) cleanups.push(lockDataDir(config.dataDir));
  const database = await openDatabase({
    url: config.databaseUrl,
    schema: options.pgSchema,
    pgliteDir: options.pgliteDir ?? join(config.dataDir, 'pglite'),
    pgliteTemplate: options.pgliteTemplate,
    onQuery: options.onQuery,
    onStatement: options.onStatement,
  });
  cleanups.unshift(() => database.close());

  const masterKey = config.masterKey ?? loadOrCreateMasterKey(config.dataDir);
  let pubsub: PubSub;
  let rateLimiter: RateLimiter;
  if (config.redisUrl) {
    // Auto-pipelining: the commands one tick issues (a note's publishes, the rate limit's of many requests) leave
    // in one write; a subscriber connection issues none, so it has no use for it.
    const [command, publisher, subscriber] = [true, true, false].map(
      (enableAutoPipelining) =>
        new Redis(config.redisUrl!, { lazyConnect: false, maxRetriesPerRequest: 3, enableAutoPipelining }),
    );
    pubsub = createRedisPubSub(publisher!, subscriber!);
    rateLimiter = createRedisRateLimiter(command!);
    cleanups.unshift(async () => {
      await Promise.all([command, publisher, subscriber].map((r) => r!.quit().catch(() => r!.disconnect())));
    });
  } else {
    pubsub = createLocalPubSub();
    rateLimiter = createLocalRateLimiter();
  }
  cleanups.unshift(() => pubsub.close());

  // The simulator always runs in-process: it is the embedded default's national system and it plays the
  // X-Service-Simular scenarios even when real national URLs are configured. Its notes live in DATA_DIR (with
  // PostgreSQL too), so a restart — or another process on the same DATA_DIR — finds the DPS already sent.
  // Tests (pgliteDir given) keep it in memory.
  const simulator = createSimulator({
    clock: () => clock.now(),
    stateDir: options.pgliteDir ? undefined : join(config.dataDir, 'simulador'),
    delays: options.simulatorDelays,
    signer: options.simulatorSigner,
  });
  await simulator.listen(0, '127.0.0.1');
  // Where the simulator is an environment's national system its first note should not wait for libxml2 (seconds
  // under tsx); a service with both national URLs configured loads it on first need (libxml2.ts).
  if (!config.nationalApiUrl.live || !config.nationalApiUrl.test) await loadLibxml2();
  const national = new NationalGateway({
    urls: config.nationalApiUrl,
    adnUrl: config.nationalAdnUrlLive,
    nfeDistUrl: config.nfeDistUrlLive,
    cteDistUrl: config.cteDistUrlLive,
    nfeEventUrl: config.nfeEventUrlLive,
    parametrosUrls: config.nationalParametrosUrl,
    simulator,
    timeoutMs: options.nationalTimeoutMs,
  });
  // The ABRASF cities' services, simulated beside the national one: production notes of an ABRASF city go to it
  // unless ABRASF_URLS_LIVE names the city's real service.
  const abrasfSimulator = createAbrasfSimulator({
    clock: () => clock.now(),
    stateDir: options.pgliteDir ? undefined : join(config.dataDir, 'simulador'),
    signer: options.simulatorSigner,
  });
  await abrasfSimulator.listen(0, '127.0.0.1');
  const abrasf = new AbrasfGateway({
    urls: config.abrasfUrlsLive.urls,
    urlsDosPerfis: config.abrasfUrlsLive.perfis,
    simulator: abrasfSimulator,
    timeoutMs: options.nationalTimeoutMs,
  });
  cleanups.unshift(async () => {
    // The simulators first: they drop the answers they hold back (timeout, processamento_lento), so closing the
    // clients does not wait for them (up to 15 s per pending call).
    await Promise.all([simulator.close(), abrasfSimulator.close()]);
    await Promise.all([national.closeClients(), abrasf.closeClients()]);
  });

  // São Paulo's own system: its simulator runs in-process like the national one and answers production keys
  // while SAO_PAULO_NFSE_URL is not configured.
  const saoPauloSimulator = createSaoPauloSimulator({
    clock: () => clock.now(),
    stateDir: options.pgliteDir ? undefined : join(config.dataDir, 'simulador'),
  });
  await saoPauloSimulator.listen(0, '127.0.0.1');
  const saoPaulo = new SaoPauloGateway({
    url: config.saoPaulo.url,
    soapVersion: config.saoPaulo.soapVersion,
    settings: config.saoPaulo.settings,
    simulator: saoPauloSimulator,
    timeoutMs: options.nationalTimeoutMs,
  });
  cleanups.unshift(async () => {
    await saoPauloSimulator.close();
    await saoPaulo.close();
  });

  const policy = { resolveHost: options.resolveHost ?? systemResolveHost, allowedCidrs: config.webhookAllowedCidrs };
  const webhooks: WebhookRuntime = {
    sql: database.prepared,
    policy,
    dispatchers: new SafeDispatchers(policy),
    timeoutMs: options.webhookTimeoutMs ?? DELIVERY_TIMEOUT_MS,
    mailer: config.smtpUrl ? createOutageMailer(config.smtpUrl, 'fiscal-api <nao-responda@fiscal-api.dev>') : null,
  };
  cleanups.push(async () => {
    webhooks.mailer?.close();
    await webhooks.dispatchers.close();
  });
  // NF-e authorities over SOAP 1.2 — the simulator too, so tests run the production client's code path.
  const sefaz = httpSefazGateway({
    urls: config.sefazUrl,
    simulatorUrl: () => `${simulator.url}${SEFAZ_NFE_PATH}`,
    timeoutMs: options.nationalTimeoutMs ?? 30_000,
    ca: config.sefazCa ?? undefined,
  });
  // After the simulator (an earlier cleanup), which drops the answers it holds: closing waits for calls in flight.
  cleanups.push(() => sefaz.close());
  // The registries that fill in NF-e recipients: the configured providers, else the simulator's, cached in memory.
  const cadastros = cadastrosComCache(
    {
      cnpj: brasilApiCnpj({
        baseUrl: config.cnpjApiUrl ?? `${simulator.url}${BRASILAPI_PATH}`,
        timeoutMs: REGISTRY_TIMEOUT_MS,
      }),
      cep: viaCep({ baseUrl: config.cepApiUrl ?? `${simulator.url}${VIACEP_PATH}`, timeoutMs: REGISTRY_TIMEOUT_MS }),
      contribuinte: sefazConsultaContribuinte(sefaz),
    },
    { clock },
  );
  const firstAttempts = new FirstAttempts();
  const requestLog = new RequestLog({ db: database.prisma, sql: database.prepared, logger });
  const secrets = createSecretBox(masterKey);
  const engine: AppEngine = {
    db: database.prisma,
    sql: database.prepared,
    clock,
    secrets,
    pubsub,
    logger,
    lotes: loteSettlement,
    prontidao: readinessFollow({ national, secrets }),
    national,
    sefaz,
    cadastros,
    saoPaulo,
    abrasf,
    webhooks,
    firstAttempts,
    requestLog,
  };
  // Metrics cost a little on every request, so they exist only where something can read them.
  const metrics =
    config.metricsPort !== null || config.metricsToken !== null
      ? createMetrics({ db: database.prisma, clock, role, poolStats: database.poolStats })
      : null;
  const runWorker = options.worker ?? role !== 'api';
  const worker = runWorker
    ? startWorker(engine, {
        captureIntervalMs: config.captureIntervalMinutes * 60_000,
        captureTickMs: config.captureTickSeconds * 1000,
        onJobDone: metrics ? (provider, outcome, seconds) => metrics.observeJob(provider, outcome, seconds) : undefined,
      })
    : null;
  const webhookWorker = runWorker ? startWebhookWorker(engine) : null;
  const rest = await createRestApi(schema, engine);
  const { app, yoga, painelYoga } = await buildServer({
    engine,
    schema,
    rest,
    rateLimiter,
    requestLog,
    docsUrl: config.docsUrl,
    healthcheck: async () => {
      await database.prisma.$queryRawUnsafe('SELECT 1');
    },
    metrics: metrics ? { registry: metrics, token: config.metricsToken } : undefined,
    painel: { dir: config.painelDir },
    trustProxy: config.trustProxy,
  });
  let url = '';
  let metricsServer: MetricsServer | null = null;
  const ws = attachGraphqlWs(yoga, engine, keyWsAccess(engine), { keyRecheckMs: options.keyRecheckMs });
  const painelWs = attachGraphqlWs(painelYoga, engine, panelWsAccess(engine, { trustProxy: config.trustProxy }), {
    keyRecheckMs: options.keyRecheckMs,
  });
  routeUpgrades(app.server, { '/graphql': ws.wss, '/painel/graphql': painelWs.wss });

  return {
    engine,
    simulator,
    abrasfSimulator,
    saoPauloSimulator,
    database,
    get url() {
      return url;
    },
    metrics,
    get metricsUrl() {
      return metricsServer?.url ?? '';
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
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address() as AddressInfo;
      url = `http://127.0.0.1:${address.port}`;
      return url;
    },
    close: async ({ graceMs }: { graceMs?: number } = {}) => {
      const deadline = graceMs === undefined ? undefined : Date.now() + graceMs;
      const byDeadline = <T>(work: Promise<T>): Promise<T | 'late'> => {
        if (deadline === undefined) return work;
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>(
          (resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()), 'late')),
        );
        return Promise.race([work, late]).finally(() => clearTimeout(timer));
      };
      await ws.close();
      await painelWs.close();
      // All at once: the server stops accepting and waits for its requests while the workers stop claiming and
      // finish what they hold (the transmission worker releases what is left at the deadline by itself).
      const [served] = await Promise.all([
        byDeadline(app.close()),
        worker?.stop(deadline),
        webhookWorker ? byDeadline(webhookWorker.stop()) : undefined,
      ]);
      // Requests still running at the deadline lose their connection; their idempotency records let clients repeat them.
      if (served === 'late') app.server.closeAllConnections();
      // The request log and usage counts held in memory, once no request can add to them, before the database closes.
      await requestLog.close();
      // The first attempts requests left running after their response (Prefer: wait=0): waited for within the same
      // deadline, or released to the workers. Without a deadline (tests), as before: the close does not wait.
      if (deadline !== undefined) await firstAttempts.settle(engine, deadline);
      await metricsServer?.close();
      for (const cleanup of cleanups) await cleanup();
    },
  };
}
