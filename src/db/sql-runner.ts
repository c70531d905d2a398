/** The smallest surface both PostgreSQL (pg) and PGlite offer, so migrations run on either. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<void>;
}

/**
 * Named statements on the pool Prisma uses: PostgreSQL plans one once per connection and keeps the plan, and
 * rows come back as pg parses them. Only for statements run thousands of times a second (the webhook worker's
 * fan-out and record, authentication, the usage count, the issuance writes of a note and the products and tax
 * rules a calculated note reads), where Prisma's client cost and the planning of every execution weigh on the
 * path. PGlite runs the same text unnamed.
 */
export type PreparedSql = <T = Record<string, unknown>>(name: string, text: string, params: unknown[]) => Promise<T[]>;
