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
    await first.close();

    const second = await openInfrastructure(config, options);
    try {
      const after = await second.database.sql.query<{ lease_until: Date; owner: string }>(
        `SELECT lease_until, owner FROM scheduled_jobs`,
      );
      expect(after.rows[0]!.lease_until.getTime()).toBeLessThan(Date.now());
      expect(after.rows[0]!.owner).toBe('morto');
    } finally {
      await second.close();
    }
  });
});
