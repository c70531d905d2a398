// Transpiles src/ (the generated Prisma client included) to dist/, the JavaScript `npm start` runs: plain
// JavaScript spares the memory tsx's loader holds for transformed sources and source maps. Transpile only,
// file by file, as tsx does (same esbuild, no type check: `npm run typecheck`);
// dist/ sits beside src/ at the same depth, so the `new URL('../../openapi/…', import.meta.url)` resource paths
// resolve alike from both. Then the operator dashboard's bundle into dist/painel (scripts/build-painel.mjs), which
// the service serves at /painel. Takes about a second.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildPainel } from './build-painel.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const out = join(root, 'dist');

const entryPoints = readdirSync(src, { recursive: true, encoding: 'utf8' })
  // Unit tests beside their modules (src/**/*.test.ts) are not part of the service.
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
  .map((f) => join(src, f));
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: out,
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
await buildPainel({ outdir: join(out, 'painel') });
