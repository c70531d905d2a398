import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { AppOptions } from '../create-app.js';
import { openDatabase, type Database } from '../db/database.js';
import { loadOrCreateMasterKey } from '../engine/cripto/load-or-create-master-key.js';
import { lockDataDir } from '../engine/nucleo/data-dir-lock.js';
import { releaseDeadLeases } from './release-dead-leases.js';
import type { PubSub } from '../engine/nucleo/pubsub.js';
import type { RateLimiter } from '../engine/nucleo/rate-limiter.js';
import { openMessaging, type RedisStatus } from './open-messaging.js';
import { traceDatabase } from '../telemetry/trace-database.js';
import { traceMessaging } from '../telemetry/trace-messaging.js';
import type { Tracing } from '../telemetry/start-tracing.js';

export interface Infrastructure {
  database: Database;
  pubsub: PubSub;
  rateLimiter: RateLimiter;
  /** Whether Redis answers (absent without REDIS_URL), for /readyz and /metrics. */
  redisStatus(): RedisStatus;
  masterKey: Buffer;
  /** Closes pub/sub, the Redis connections and the database, then gives the data directory back. */
  close(): Promise<void>;
}

export type InfrastructureOptions = Pick<
  AppOptions,
  'pgSchema' | 'pgliteDir' | 'pgliteTemplate' | 'onQuery' | 'onStatement'
>;

/** The database (embedded PGlite holds DATA_DIR's lock), the master key, pub/sub and the rate limiter. */
export async function openInfrastructure(
  config: Config,
  options: InfrastructureOptions,
  tracing: Tracing | null = null,
  logger?: Pick<Logger, 'warn'>,
): Promise<Infrastructure> {
  const releaseDataDir = !config.databaseUrl && !options.pgliteDir ? lockDataDir(config.dataDir) : null;
  const opened = await openDatabase({
    url: config.databaseUrl,
    pgbouncer: config.databasePgbouncer,
    directUrl: config.databaseDirectUrl,
    schema: options.pgSchema,
    pgliteDir: options.pgliteDir ?? join(config.dataDir, 'pglite'),
    pgliteTemplate: options.pgliteTemplate,
    onQuery: options.onQuery,
    onStatement: options.onStatement,
  });
  // Holding DATA_DIR's lock proves every earlier holder of the embedded database dead: its leases end now.
  if (releaseDataDir) await releaseDeadLeases(opened.sql);
  const masterKey = config.masterKey ?? loadOrCreateMasterKey(config.dataDir);
  const untraced = openMessaging({
    redisUrl: config.redisUrl,
    rateLimitProcesses: config.rateLimitProcesses,
    onRedisDown: (err) =>
      logger?.warn({ err }, 'Redis down: rate limits per process, pub/sub within this process until it answers'),
  });
  // Where tracing is on, the statements and the Redis calls made inside a trace are spans of it.
  const database = tracing ? traceDatabase(opened, tracing.tracer) : opened;
  const messaging = tracing ? traceMessaging(untraced, tracing.tracer, config.redisUrl ? 'redis' : 'local') : untraced;
  return {
    database,
    pubsub: messaging.pubsub,
    rateLimiter: messaging.rateLimiter,
    redisStatus: messaging.redisStatus,
    masterKey,
    close: async () => {
      await messaging.close();
      await database.close();
      releaseDataDir?.();
    },
  };
}
