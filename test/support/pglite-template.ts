import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/migrate.js';
import { pgliteRunner } from '../../src/db/pglite-runner.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumpDataDir() tarball of a PGlite with every migration applied; '' when the run is on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/** Child processes of the tests (crash tests, clusters) find the template here. */
export const TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';

/**
 * globalSetup: initdb plus the migrations, once per run instead of once per PGlite (initdb alone takes seconds
 * per instance). Every embedded test app starts from a copy; migrate() still runs there and finds nothing to do.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-api-pglite-template-'));
  const pglite = await PGlite.create('memory://');
  await migrate(pgliteRunner(pglite));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

// Kept on globalThis: each test file gets fresh instances of the project's modules, this one included, and the
// tarball is tens of megabytes.
const CACHED = Symbol.for('fiscal-api.pglite-template');
const holder = globalThis as { [CACHED]?: { path: string; blob: Blob } };
/**
 * The template as PGlite's loadDataDir takes it, read once per process; undefined (no path): initdb as usual.
 * Test files pass inject('pgliteTemplate'); child processes of the tests get the path in TEMPLATE_ENV.
 */
export function readPgliteTemplate(path: string | undefined = process.env[TEMPLATE_ENV]): Blob | undefined {
  if (!path) return undefined;
  if (holder[CACHED]?.path !== path) holder[CACHED] = { path, blob: new Blob([readFileSync(path)]) };
  return holder[CACHED].blob;
}
