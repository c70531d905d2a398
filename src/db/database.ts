import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.js';
import { migrate } from './migrate.js';
import { pgliteRunner } from './pglite-runner.js';
import { pooledSchemaUrl, transactionPooler } from './transaction-pooler.js';
import type { PreparedSql, SqlRunner } from './sql-runner.js';

export type Db = InstanceType<typeof PrismaClient>;

export interface Database {
  prisma: Db;
  sql: SqlRunner;
  prepared: PreparedSql;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL only: the pool's connections (open, idle, requests waiting for one), read for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Runs `fn` on a single connection (BEGIN/COMMIT and advisory locks must share one). */
  migrateWith<T>(fn: (runner: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… ; when absent an embedded PGlite is used. */
  url?: string | null;
  /** PGlite directory, or 'memory://' for tests. */
  pgliteDir?: string;
  /**
   * Tests: a `dumpDataDir()` tarball of a migrated PGlite. An empty PGlite directory starts from it instead of
   * running initdb (seconds per instance); the migrations still run after it and apply whatever it lacks.
   */
  pgliteTemplate?: Blob;
  /** PostgreSQL schema (tests use one per file). */
  schema?: string;
  poolSize?: number;
  migrate?: boolean;
  /** Tests: called with every SQL statement Prisma sends (pins the statement count of a dashboard page). */
  onQuery?: (sql: string) => void;
  /** Tests: called with the name of every named statement (`prepared`). */
  onStatement?: (name: string) => void;
  /** A transaction-mode pooler (PgBouncer) is in front of `url` (also `?pgbouncer=true`): see transaction-pooler.ts. */
  pgbouncer?: boolean;
  /** PostgreSQL itself, past the pooler: where migrations take their session lock. Default: `url`. */
  directUrl?: string | null;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const db = options.url
    ? await openPostgres(options.url, options)
    : await openPglite(options.pgliteDir ?? 'memory://', options);
  if (options.migrate !== false) await db.migrateWith((runner) => migrate(runner));
  return db;
}

async function openPostgres(givenUrl: string, options: OpenDatabaseOptions): Promise<Database> {
  const schema = options.schema;
  const pooler = transactionPooler(givenUrl, options);
  const searchPath = schema ? { options: `-c search_path=${schema}` } : {};
  const direct = pooler.directUrl;
  if (schema) await withClient(direct, {}, (c) => c.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"`));
  // Behind a pooler, the schema is the login role's search_path (startup options do not pass it).
  const url = schema && pooler.pooled ? await pooledSchemaUrl(pooler, schema) : pooler.url;
  const pooledPath = pooler.pooled ? {} : searchPath;
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, ...CONNECTION_LIMITS, ...pooledPath });
  // A connection the server ends while idle (restart, failover) is dropped by the pool, which opens a new one for
  // the next query; without a listener its 'error' event would end the process.
  pool.on('error', () => {});
  const prisma = withQueryHook(
    new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined), ...queryLog(options) }),
    options,
  );
  return {
    prisma,
    // Migrations and raw statements that need BEGIN/COMMIT or session locks get a connection of their own.
    sql: {
      query: (text, params) => withClient(url, pooledPath, (c) => c.query(text, params)),
      exec: (text) => withClient(url, pooledPath, (c) => c.exec(text)),
    },
    prepared: seenBy(
      options,
      // A pooler may lend the next statement another server connection, which never saw the name: unnamed there.
      pooler.pooled
        ? async <T>(_name: string, text: string, values: unknown[]) => (await pool.query({ text, values })).rows as T[]
        : async <T>(name: string, text: string, values: unknown[]) =>
            (await pool.query({ name, text, values })).rows as T[],
    ),
    // The migrations' advisory lock is a session's: on PostgreSQL itself, never through a pooler.
    migrateWith: (run) => withClient(direct, searchPath, run),
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}

/**
 * While the database restarts or fails over, a request waits at most this long for a connection (then fails with a
 * retryable error) instead of hanging; keep-alive finds a connection whose server vanished without a word.
 */
const CONNECTION_LIMITS = { connectionTimeoutMillis: 5_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 };

async function withClient<T>(url: string, extra: pg.ClientConfig, run: (c: SqlRunner) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, ...CONNECTION_LIMITS, ...extra });
  client.on('error', () => {}); // a session ended by the server fails the query under way, which is what reports it
  await client.connect();
  try {
    return await run({
      query: async (text, params) => ({ rows: (await client.query(text, params as unknown[])).rows }),
      exec: async (text) => {
        await client.query(text);
      },
    });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The embedded database's buffer pool. PGlite keeps it inside its WebAssembly memory, which is allocated and
 * touched whole when the database starts and never given back: PostgreSQL's default of 128 MB is resident in the
 * service's process from its first second, whatever the load, while the operating system's page cache holds
 * the same files again. 32 MB keeps the pages the service reads and writes most (jobs, the notes in flight,
 * keys, companies) in the pool; a page outside it is a read from the page cache, not from disk.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dir: string, options: OpenDatabaseOptions): Promise<Database> {
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // PGlite refuses a tarball over an existing database: a directory that has one resumes it.
  const fresh = inMemory || !existsSync(join(dir, 'PG_VERSION'));
  const pglite = await PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    // The notes' name search (part of a name) uses a trigram index where the extension is there (migration search_columns).
    extensions: { pg_trgm },
    ...(options.pgliteTemplate && fresh ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  const queries = yieldingQueries(pglite);
  const prisma = withQueryHook(new PrismaClient({ adapter: new PrismaPGlite(queries), ...queryLog(options) }), options);
  const sql = pgliteRunner(pglite);
  return {
    prisma,
    sql,
    prepared: seenBy(
      options,
      async <T>(_name: string, text: string, values: unknown[]) => (await queries.query<T>(text, values)).rows,
    ),
    // PGlite learns the database's array types when it opens, to encode array parameters; a migration that
    // creates a type (an enum such as "Environment") leaves its array unknown, and `$1::"Environment"[]` would
    // then be sent as plain text, so the types are read again after every migration.
    migrateWith: async (run) => {
      const result = await run(sql);
      await pglite.refreshArrayTypes();
      return result;
    },
    kind: 'pglite',
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/**
 * PGlite runs a statement inside this process and resolves it without I/O, so a chain of statements (a batch's
 * lines as they are stored, a validation's pages) would run as one unbroken series of promise callbacks, and no
 * other request would be read until it ended. Each statement outside a transaction first gives the event loop a
 * turn, as a round trip to PostgreSQL does. A transaction's own statements do not: it holds the database anyway.
 */
function yieldingQueries(pglite: PGlite): PGlite {
  const query: PGlite['query'] = async (...args) => {
    await new Promise((resolve) => setImmediate(resolve));
    return pglite.query(...args);
  };
  return new Proxy(pglite, {
    get: (target, property) => {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The named statements reported to `onStatement` when a test asks for them; as they are otherwise. */
function seenBy(options: OpenDatabaseOptions, prepared: PreparedSql): PreparedSql {
  const hook = options.onStatement;
  if (!hook) return prepared;
  return (name, text, values) => {
    hook(name);
    return prepared(name, text, values);
  };
}

// Query events only when asked for: production clients do not pay for them.
const queryLog = (options: OpenDatabaseOptions) =>
  options.onQuery ? { log: [{ emit: 'event' as const, level: 'query' as const }] } : {};

function withQueryHook(prisma: Db, options: OpenDatabaseOptions): Db {
  const hook = options.onQuery;
  if (hook)
    // Prisma types $on by the client's log option, which the Db type leaves out; queryLog() sets it when onQuery is.
    (prisma as unknown as { $on(event: 'query', cb: (e: { query: string }) => void): void }).$on('query', (e) =>
      hook(e.query),
    );
  return prisma;
}
