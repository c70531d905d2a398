import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import { parseConfig } from '../../src/config.js';
import type { Clock } from '../../src/engine/nucleo/clock.js';
import { createLogger } from '../../src/create-logger.js';
import { createApp, type App, type AppOptions } from '../../src/create-app.js';
import { readPgliteTemplate } from './pglite-template.js';
import { simulatorSigner } from './test-keys.js';

export interface TestApp {
  app: App;
  url: string;
  close(): Promise<void>;
}

/**
 * A real server on an ephemeral port. Embedded (in-memory PGlite, in-process pub/sub and rate limit) by
 * default; against PostgreSQL (a schema of its own) and Redis when DATABASE_URL / REDIS_URL are set, as CI does.
 */
export interface TestAppOptions {
  clock?: Clock;
  /** The source of the job queue's backoff jitter (default Math.random). */
  random?: () => number;
  env?: Record<string, string>;
  /** Timeout of calls to the national system (default 30 s). */
  nationalTimeoutMs?: number;
  /** false: no background worker; the test runs due jobs with drainJobs(app.engine). */
  worker?: boolean;
  /** The process role (`--role`): api serves HTTP only, worker runs the jobs only; default all. */
  role?: AppOptions['role'];
  /** Waits of the simulator's scenarios (processamento_lento, timeout, indisponibilidade). */
  simulatorDelays?: AppOptions['simulatorDelays'];
  /** The DNS of webhook address checks. */
  resolveHost?: AppOptions['resolveHost'];
  /** The limit of a webhook attempt (default the 10 s ). */
  webhookTimeoutMs?: AppOptions['webhookTimeoutMs'];
  /** How often websocket keys are re-checked for revocation. */
  keyRecheckMs?: number;
  /** Sees every SQL statement Prisma sends. */
  onQuery?: (sql: string) => void;
  /** Sees the name of every named statement (EngineDeps.sql). */
  onStatement?: (name: string) => void;
  /** Tracing started by the test (an in-memory exporter); default off. */
  tracing?: AppOptions['tracing'];
  /** Where the app logs (default: TEST_LOG_LEVEL, silent). */
  logger?: Logger;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const schemaName = `t_${randomBytes(6).toString('hex')}`;
  const config = parseConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: `/tmp/fiscal-api-test-${schemaName}`,
    MASTER_KEY: randomBytes(32).toString('hex'),
    // Received-document capture is driven by the tests that need it (runDueCaptures), not by a timer.
    CAPTURE_TICK_SECONDS: '0',
    ...options.env,
  });
  const app = await createApp({
    config,
    clock: options.clock,
    random: options.random,
    logger: options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    pgSchema: config.databaseUrl ? schemaName : undefined,
    pgliteDir: 'memory://',
    pgliteTemplate: readPgliteTemplate(providedPgliteTemplate()),
    nationalTimeoutMs: options.nationalTimeoutMs,
    worker: options.worker,
    role: options.role,
    simulatorDelays: options.simulatorDelays,
    simulatorSigner: simulatorSigner(),
    resolveHost: options.resolveHost,
    webhookTimeoutMs: options.webhookTimeoutMs,
    keyRecheckMs: options.keyRecheckMs,
    onQuery: options.onQuery,
    onStatement: options.onStatement,
    tracing: options.tracing ?? null,
  });
  const url = await app.listen();
  return {
    app,
    url,
    close: async () => {
      await app.close();
      if (config.databaseUrl) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
        await client.end();
      }
    },
  };
}

/** The run's migrated PGlite (test/support/pglite-template.ts); undefined outside vitest (bench/ starts test apps too). */
export function providedPgliteTemplate(): string | undefined {
  try {
    return inject('pgliteTemplate') || undefined;
  } catch {
    return undefined;
  }
}

export const usingPostgres = () => Boolean(process.env.DATABASE_URL);
export const usingRedis = () => Boolean(process.env.REDIS_URL);
