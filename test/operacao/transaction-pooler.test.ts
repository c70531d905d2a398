import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { transactionPooler } from '../../src/db/transaction-pooler.js';
import { parseConfig } from '../../src/config.js';
import { CLUSTER_DATABASE_URL } from '../support/cluster.js';

const schema = `t_${randomBytes(6).toString('hex')}`;

afterAll(async () => {
  const client = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

/** The named statements of the connection that runs this statement (the pool's idle one, reused in turn). */
const namedOnConnection = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
  (await db.prepared<{ name: string }>('probe_prepared', 'SELECT name FROM pg_prepared_statements', [])).map(
    (r) => r.name,
  );

describe('a transaction-mode pooler in front of PostgreSQL', () => {
  it('is said by DATABASE_PGBOUNCER or by ?pgbouncer=true, which node-postgres is not given', () => {
    expect(transactionPooler('postgres://u@h:6432/db?pgbouncer=true', {})).toEqual({
      pooled: true,
      url: 'postgres://u@h:6432/db',
      directUrl: 'postgres://u@h:6432/db',
    });
    expect(
      transactionPooler('postgres://u@h:6432/db', { pgbouncer: true, directUrl: 'postgres://u@h:5432/db' }),
    ).toMatchObject({ pooled: true, directUrl: 'postgres://u@h:5432/db' });
    expect(transactionPooler('postgres://u@h:5432/db', {}).pooled).toBe(false);
    const config = parseConfig({
      ...process.env,
      DATABASE_URL: 'postgres://u@h:6432/db',
      DATABASE_PGBOUNCER: '1',
      DATABASE_DIRECT_URL: 'postgres://u@h:5432/db',
    });
    expect(config).toMatchObject({ databasePgbouncer: true, databaseDirectUrl: 'postgres://u@h:5432/db' });
    expect(() => parseConfig({ ...process.env, DATABASE_PGBOUNCER: 'sim' })).toThrow(/DATABASE_PGBOUNCER/);
    // Without PostgreSQL itself the migrations' session lock would go through the pooler.
    expect(() =>
      parseConfig({ ...process.env, DATABASE_URL: 'postgres://u@h:6432/db?pgbouncer=true', DATABASE_DIRECT_URL: '' }),
    ).toThrow(/DATABASE_DIRECT_URL/);
  });

  it('sends the hot statements unnamed behind the pooler, named otherwise', async () => {
    const direct = await openDatabase({ url: CLUSTER_DATABASE_URL, schema, poolSize: 1 });
    try {
      await namedOnConnection(direct);
      expect(await namedOnConnection(direct)).toContain('probe_prepared');
    } finally {
      await direct.close();
    }
    // The pooler is the database itself here: what matters is what the service asks of the connection.
    const pooled = await openDatabase({ url: CLUSTER_DATABASE_URL, schema, poolSize: 1, pgbouncer: true });
    try {
      await namedOnConnection(pooled);
      expect(await namedOnConnection(pooled)).toEqual([]);
      // The schema reaches the pooled connections through the login role's search_path, not a startup option.
      const [row] = await pooled.prepared<{ path: string }>('', 'SELECT current_schema() AS path', []);
      expect(row!.path).toBe(schema);
      expect(await pooled.prisma.scheduledJob.count()).toBe(0);
    } finally {
      await pooled.close();
    }
  });
});
