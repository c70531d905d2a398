import pg from 'pg';

/**
 * How the service reaches PostgreSQL when a transaction-mode pooler (PgBouncer `pool_mode = transaction`) stands in
 * front of it. Such a pooler lends a server connection for one transaction and gives it to another client after:
 * - a named prepared statement lives on one server connection, so the next client's `Bind` to it fails (PgBouncer
 *   supports them in this mode only from 1.21; Debian's is 1.18): with the pooler, statements are sent unnamed;
 * - a session advisory lock, `SET` and a temporary table outlive the transaction on a connection that is no longer
 *   the client's: the migrations' advisory lock therefore runs on `directUrl`, a connection to PostgreSQL itself;
 * - startup options (`-c search_path=…`) are not passed on: see `pooledSchemaUrl`.
 * The service's other statements are single statements or whole transactions (the job queue's `FOR UPDATE SKIP
 * LOCKED` claims, the scheduler's conditional UPDATEs) and need nothing of the session; it uses no LISTEN/NOTIFY.
 */
export interface TransactionPooler {
  /** A transaction-mode pooler is in front: no named statements, no session state. */
  pooled: boolean;
  /** DATABASE_URL without the `pgbouncer` parameter (node-postgres would not know it). */
  url: string;
  /** Where migrations run (a session advisory lock, BEGIN/COMMIT on one connection): PostgreSQL itself. */
  directUrl: string;
}

/** `pgbouncer`: DATABASE_PGBOUNCER; `?pgbouncer=true` in the URL says the same. */
export function transactionPooler(url: string, options: { pgbouncer?: boolean; directUrl?: string | null }) {
  const parsed = new URL(url);
  const flag = parsed.searchParams.get('pgbouncer');
  parsed.searchParams.delete('pgbouncer');
  const clean = flag === null ? url : parsed.toString();
  const pooled = options.pgbouncer === true || flag === 'true' || flag === '1';
  return { pooled, url: clean, directUrl: options.directUrl ?? clean } satisfies TransactionPooler;
}

/**
 * Tests give each file a schema of its own through the connection's `search_path` startup option, which a
 * transaction-mode pooler drops. Behind one, the file's connections log in as a role named after its schema instead,
 * whose `search_path` is set on the role (PostgreSQL applies it to every server connection of that role, whichever
 * client the pooler lends it to). The role is made once through the direct connection, with the privileges of the
 * user that runs the migrations (it owns the tables). Returns the pooled URL with that role as its user.
 */
export async function pooledSchemaUrl(pooler: TransactionPooler, schema: string): Promise<string> {
  const client = new pg.Client({ connectionString: pooler.directUrl });
  await client.connect();
  try {
    const role = pg.escapeIdentifier(schema);
    // Every process of a test starts at once: one of them makes the role, the others find it made.
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`role:${schema}`]);
    await client.query(
      `DO $$ BEGIN
         IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${pg.escapeLiteral(schema)}) THEN
           CREATE ROLE ${role} LOGIN;
         END IF;
       END $$`,
    );
    await client.query(`GRANT ${pg.escapeIdentifier(client.user ?? 'postgres')} TO ${role}`);
    await client.query(`ALTER ROLE ${role} SET search_path = ${role}`);
    await client.query('COMMIT');
  } finally {
    await client.end().catch(() => {});
  }
  const url = new URL(pooler.url);
  url.username = schema;
  url.password = '';
  return url.toString();
}
