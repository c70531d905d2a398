import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withMigrationProbe } from '../support/migration-probe.js';

const MIGRATION = '20261128223539_environment_enum';

describe('environment enum migration', () => {
  it('keeps the rows written before it, their key and their order, and refuses an unknown environment', async () => {
    await withMigrationProbe(MIGRATION, async ({ pg, migrateRest, rest }) => {
      const account = randomUUID();
      const insert = 'INSERT INTO event_counters (account_id, environment, last) VALUES ($1, $2, $3)';
      await pg.query(insert, [account, 'test', 5]);
      await pg.query(insert, [account, 'live', 3]);
      expect(await migrateRest()).toEqual(rest);
      const rows = await pg.query<{ environment: string; last: number; type: string }>(
        'SELECT environment, last::int AS last, pg_typeof(environment)::text AS type FROM event_counters ORDER BY environment',
      );
      expect(rows.rows).toEqual([
        { environment: 'live', last: 3, type: '"Environment"' },
        { environment: 'test', last: 5, type: '"Environment"' },
      ]);
      await expect(pg.query(insert, [account, 'live', 1])).rejects.toThrow(/event_counters_pkey/);
      await expect(pg.query(insert, [randomUUID(), 'producao', 1])).rejects.toThrow(/invalid input value for enum/);
    });
  });
});
