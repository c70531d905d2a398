import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder transpileForChildren wrote (TEST_JS_DIR), for childCommand. */
    testJsDir: string;
  }
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(ROOT, 'src');

/**
 * src/ as JavaScript, at the depth of src/ as dist/ is (so the `new URL('../../openapi/…', import.meta.url)` resource
 * paths and the default data directory resolve alike), and the child-process entries of test/support/children
 * beside it in children/, each with the test helpers it imports, importing src/ from here. Ignored by git.
 */
export const TEST_JS_DIR = join(ROOT, '.test-js');

/**
 * globalSetup: the test's child processes (services, workers, the CLI) start on plain node from TEST_JS_DIR instead
 * of under tsx, whose loader took most of each start (seconds of CPU per child on this machine: every module,
 * node_modules included, goes through its hooks). The same esbuild transpiles, file by file, as tsx does and as
 * `npm run build` does for dist/ (no type check: `npm run typecheck`); once per run, so the children run the
 * sources as they are now.
 */
export default async function setup(project: TestProject) {
  await transpileForChildren();
  project.provide('testJsDir', TEST_JS_DIR);
}

export async function transpileForChildren(): Promise<void> {
  const { build } = await import('esbuild');
  const common = { platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'warning' } as const;
  const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(SRC, f));
  const childrenDir = join(ROOT, 'test/support/children');
  const children = readdirSync(childrenDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(childrenDir, f));
  const [src, bundles] = await Promise.all([
    build({ ...common, entryPoints: sources, outdir: TEST_JS_DIR, outbase: SRC }),
    // Bundled for the test helpers only: packages stay imports of node_modules, src/ imports of the files above.
    build({
      ...common,
      entryPoints: children,
      outdir: join(TEST_JS_DIR, 'children'),
      bundle: true,
      packages: 'external',
      plugins: [srcFromTestJs],
    }),
  ]);
  for (const file of [...src.outputFiles, ...bundles.outputFiles]) writeIfChanged(file.path, file.contents);
}

/** A src/ import of a bundled child becomes a relative import of its transpiled file in TEST_JS_DIR. */
const srcFromTestJs: Plugin = {
  name: 'src-from-test-js',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!target.startsWith(SRC + sep)) return undefined;
      const path = relative(join(TEST_JS_DIR, 'children'), join(TEST_JS_DIR, relative(SRC, target)))
        .split(sep)
        .join('/');
      return { path, external: true };
    });
  },
};

/**
 * Writes only what differs, each file replaced whole (rename): a run that starts while another run's children are
 * loading these files (one checkout, two test runs) leaves them the same bytes.
 */
function writeIfChanged(path: string, contents: Uint8Array): void {
  try {
    if (Buffer.from(readFileSync(path)).equals(contents)) return;
  } catch {
    // Not written yet.
  }
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}
