import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { pgliteRunner } from '../../src/db/pglite-runner.js';

const MIGRATION = '20261128223539_environment_enum';

describe('environment enum migration', () => {
  it('keeps the rows written before it, their key and their order, and refuses an unknown environment', async () => {
    const all = await loadMigrations();
    const at = all.findIndex((m) => m.name === MIGRATION);
    expect(at).toBeGreaterThan(0);
    const pg = new PGlite();
    try {
      await migrate(pgliteRunner(pg), all.slice(0, at));
      const account = randomUUID();
      const insert = 'INSERT INTO event_counters (account_id, environment, last) VALUES ($1, $2, $3)';
      await pg.query(insert, [account, 'test', 5]);
      await pg.query(insert, [account, 'live', 3]);
      expect(await migrate(pgliteRunner(pg), all)).toEqual(all.slice(at).map((m) => m.name));
      const rows = await pg.query<{ environment: string; last: number; type: string }>(
        'SELECT environment, last::int AS last, pg_typeof(environment)::text AS type FROM event_counters ORDER BY environment',
      );
      expect(rows.rows).toEqual([
        { environment: 'live', last: 3, type: '"Environment"' },
        { environment: 'test', last: 5, type: '"Environment"' },
      ]);
      await expect(pg.query(insert, [account, 'live', 1])).rejects.toThrow(/event_counters_pkey/);
      await expect(pg.query(insert, [randomUUID(), 'producao', 1])).rejects.toThrow(/invalid input value for enum/);
    } finally {
      await pg.close();
    }
  });
});
