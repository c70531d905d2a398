import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';

// A database migrated in the process that opened it (the first `npm start`) must encode array parameters of the
// types the migrations created, as a database opened already migrated does.
describe('embedded database created by its own migrations', () => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
  });

  it('sends an array of an enum created by a migration as an array', async () => {
    db = await openDatabase({ pgliteDir: 'memory://' });
    const rows = await db.prepared<{ environment: string }>(
      'fresh_enum_array',
      'SELECT unnest($1::"Environment"[])::text AS environment',
      [['test', 'live']],
    );
    expect(rows.map((r) => r.environment)).toEqual(['test', 'live']);
  });
});
