// Bundles the operator dashboard (painel/) into `outdir` (dist/painel by default): one JavaScript and one CSS
// file named by their content hash, and index.html pointing at them under /painel/. Nothing is fetched at run
// time from elsewhere: the service serves these files itself, under a CSP of default-src 'self', so index.html
// carries no inline script or style.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the panel; answers the files written (relative to outdir) with their sizes in bytes. */
export async function buildPainel({ outdir = join(root, 'dist', 'painel') } = {}) {
  const assets = join(outdir, 'assets');
  mkdirSync(assets, { recursive: true });
  const result = await build({
    entryPoints: [join(root, 'painel', 'src', 'main.tsx')],
    bundle: true,
    outdir: assets,
    entryNames: 'painel-[hash]',
    assetNames: '[name]-[hash]',
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: join(root, 'painel', 'tsconfig.json'),
  });
  const outputs = Object.keys(result.metafile.outputs).map((f) => basename(f));
  const js = outputs.find((f) => f.endsWith('.js'));
  const css = outputs.find((f) => f.endsWith('.css'));
  const html = readFileSync(join(root, 'painel', 'index.html'), 'utf8')
    .replace('%CSS%', `/painel/assets/${css}`)
    .replace('%JS%', `/painel/assets/${js}`);
  // Written beside and renamed, so a server answering meanwhile never reads half a page.
  const tmp = join(outdir, `.index-${process.pid}.html`);
  writeFileSync(tmp, html);
  renameSync(tmp, join(outdir, 'index.html'));
  // Bundles of earlier builds into the same folder go (the current names are kept, being the same content).
  for (const f of readdirSync(assets)) if (!outputs.includes(f)) rmSync(join(assets, f));
  return Object.fromEntries(
    Object.entries(result.metafile.outputs).map(([f, o]) => [`assets/${basename(f)}`, o.bytes]),
  );
}

// `node scripts/build-painel.mjs [outdir]`: prints the files written with their sizes and the time taken.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const files = await buildPainel(process.argv[2] ? { outdir: process.argv[2] } : {});
  console.log(JSON.stringify({ files, ms: Math.round(performance.now() - started) }));
}
