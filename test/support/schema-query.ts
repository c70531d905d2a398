import pg from 'pg';

/** A direct connection to one PostgreSQL schema per call, for assertions on what the processes committed. */
export function schemaQuery(databaseUrl: string, schema: string) {
  return async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`SET search_path TO "${schema}"`);
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
}
