// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes the database from the
// existing migrations to prisma/schema.prisma. The Prisma CLI cannot run here (no native schema engine
// offline), so this runs Prisma's official schema engine compiled to WebAssembly against an in-memory
// PGlite on which the existing migrations were applied.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrate.js';
import { pgliteRunner } from '../src/db/pglite-runner.js';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run migration:new -- <snake_case_name>');
  process.exit(2);
}

const require = createRequire(import.meta.url);
const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
  './schema_engine_bg.js': bindings as unknown as WebAssembly.ModuleImports,
});
const exports = instance.exports as unknown as { __wbindgen_start: () => void };
bindings.__wbg_set_wasm(exports);
exports.__wbindgen_start();

const pglite = new PGlite();
await migrate(pgliteRunner(pglite));

const schemaPath = 'prisma/schema.prisma';
const content = await readFile(schemaPath, 'utf8');
const files = [{ path: schemaPath, content }];
const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(pglite));
const engine = await bindings.SchemaEngine.new({ datamodels: [[schemaPath, content]] }, () => {}, adapter);
const diff = await engine.diff({
  from: { tag: 'schemaDatasource', files, configDir: process.cwd() },
  to: { tag: 'schemaDatamodel', files },
  script: true,
  exitCode: null,
  filters: { externalTables: ['public._prisma_migrations'], externalEnums: [] },
});
const sql = (diff.stdout ?? '').trim();
if (!sql || /^-- This is an empty migration/.test(sql)) {
  console.log(JSON.stringify({ created: null, reason: 'schema and migrations already agree' }));
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = `${MIGRATIONS_DIR}${stamp}_${name}`;
await mkdir(dir, { recursive: true });
await writeFile(`${dir}/migration.sql`, `${sql}\n`);
await writeFile(`${MIGRATIONS_DIR}migration_lock.toml`, 'provider = "postgresql"\n');
console.log(JSON.stringify({ created: dir }));
process.exit(0);
