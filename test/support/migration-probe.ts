import { PGlite } from '@electric-sql/pglite';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { pgliteRunner } from '../../src/db/pglite-runner.js';

/** A database migrated up to, not including, one migration, so a test can write rows as they stood before it. */
export interface MigrationProbe {
  pg: PGlite;
  /** Applies the named migration and every later one; the names it applied, in order. */
  migrateRest(): Promise<string[]>;
  /** The names of the named migration and every later one. */
  rest: string[];
}

/** Runs `body` on an in-memory PGlite migrated up to `name` (which must exist and not be the first), then closes it. */
export async function withMigrationProbe(name: string, body: (probe: MigrationProbe) => Promise<void>): Promise<void> {
  const all = await loadMigrations();
  const at = all.findIndex((m) => m.name === name);
  if (at <= 0) throw new Error(`migration ${name} not found after the first`);
  const pg = new PGlite();
  try {
    await migrate(pgliteRunner(pg), all.slice(0, at));
    await body({ pg, migrateRest: () => migrate(pgliteRunner(pg), all), rest: all.slice(at).map((m) => m.name) });
  } finally {
    await pg.close();
  }
}
