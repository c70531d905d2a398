import type { PGlite } from '@electric-sql/pglite';
import type { SqlRunner } from './sql-runner.js';

export function pgliteRunner(pg: PGlite): SqlRunner {
  return {
    query: async (sql, params) => ({ rows: (await pg.query(sql, params)).rows as never[] }),
    exec: async (sql) => {
      await pg.exec(sql);
    },
  };
}
