import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openInfrastructure } from '../../src/composition/open-infrastructure.js';
import { parseConfig } from '../../src/config.js';
import { readPgliteTemplate } from '../support/pglite-template.js';
import { usingPostgres } from '../support/test-app.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-dead-leases-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(usingPostgres())('an embedded database opened again', () => {
  // A second process on the same DATA_DIR is refused while the first lives (data-dir-lock): the one that opens it
  // next is alone, and whatever lease the database still holds belongs to a process that is gone.
  it('ends the leases its earlier holder left', async () => {
    const config = parseConfig({ DATA_DIR: dataDir });
    const options = { pgliteTemplate: readPgliteTemplate() };
    const first = await openInfrastructure(config, options);
    const inAnHour = new Date(Date.now() + 3_600_000);
    await first.database.sql.query(
      `INSERT INTO scheduled_jobs (name, next_run_at, owner, lease_until) VALUES ('purga', now(), 'morto', $1)`,
      [inAnHour],
    );
    // An NFS-e e-mail a dead process was sending: its lease ends too, so the next worker sends it at once.
    await first.database.sql.query(
      `INSERT INTO nfse_email_jobs (id, account_id, environment, nfse_id, motivo, chave, run_at, locked_until, lease, attempts, created_at, updated_at)
       VALUES ('0190b8a0-0000-7000-8000-000000000001', '0190b8a0-0000-7000-8000-000000000002', 'test',
         '0190b8a0-0000-7000-8000-000000000003', 'sob_demanda', 'k', now(), $1, 1, 1, now(), now())`,
      [inAnHour],
    );
    await first.close();

    const second = await openInfrastructure(config, options);
    try {
      const after = await second.database.sql.query<{ lease_until: Date; owner: string }>(
        `SELECT lease_until, owner FROM scheduled_jobs`,
      );
      expect(after.rows[0]!.lease_until.getTime()).toBeLessThan(Date.now());
      expect(after.rows[0]!.owner).toBe('morto');
      const email = await second.database.sql.query<{ locked_until: Date; lease: number }>(
        `SELECT locked_until, lease FROM nfse_email_jobs`,
      );
      expect(email.rows[0]!.locked_until.getTime()).toBeLessThan(Date.now());
      expect(email.rows[0]!.lease).toBe(1);
    } finally {
      await second.close();
    }
  });
});
