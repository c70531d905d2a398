import pg from 'pg';

/** A direct connection to one PostgreSQL schema per call, for assertions on what the processes committed. */
export function schemaQuery(databaseUrl: string, schema: string) {
  return async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // One transaction: behind a transaction-mode pooler (CI runs some files through PgBouncer) a session's SET
      // may be left on a server connection the next statement does not get.
      await client.query('BEGIN');
      await client.query(`SET LOCAL search_path TO "${schema}"`);
      const rows = (await client.query(sql, params)).rows as T[];
      await client.query('COMMIT');
      return rows;
    } finally {
      await client.end();
    }
  };
}
