/** The smallest surface both PostgreSQL (pg) and PGlite offer, so migrations run on either. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<void>;
}
