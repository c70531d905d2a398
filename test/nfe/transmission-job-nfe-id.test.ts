import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withMigrationProbe } from '../support/migration-probe.js';

const MIGRATION = '20261123192358_transmission_jobs_nfe_id';

describe('transmission_jobs.nfe_id migration', () => {
  it('moves the id of NF-e jobs written before it from nfse_id to nfe_id and leaves NFS-e jobs alone', async () => {
    await withMigrationProbe(MIGRATION, async ({ pg, migrateRest, rest }) => {
      const [nfe, nfse] = [randomUUID(), randomUUID()];
      const insert = `INSERT INTO transmission_jobs (id, nfse_id, kind, priority, run_at, created_at) VALUES ($1, $2, $3, 0, now(), now())`;
      await pg.query(insert, [nfe, nfe, 'nfe']);
      await pg.query(insert, [randomUUID(), nfse, 'emitir']);
      expect(await migrateRest()).toEqual(rest);
      const rows = (
        await pg.query<{ kind: string; nfse_id: string | null; nfe_id: string | null }>(
          'SELECT kind, nfse_id, nfe_id FROM transmission_jobs ORDER BY kind',
        )
      ).rows;
      expect(rows).toEqual([
        { kind: 'emitir', nfse_id: nfse, nfe_id: null },
        { kind: 'nfe', nfse_id: null, nfe_id: nfe },
      ]);
    });
  });
});
