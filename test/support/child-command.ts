import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What node runs for a TypeScript entry of this repository (`src/cli/main.ts`, `test/support/children/*.ts`; a
 * path from the repository's root or absolute): in a test run, its JavaScript in the run's transpiled copy
 * (test/support/transpile-for-children.ts); elsewhere (bench/), the TypeScript under tsx.
 */
export function childCommand(script: string): string[] {
  const dir = testJsDir();
  if (!dir) return ['--import', 'tsx', script];
  const path = relative(ROOT, resolve(ROOT, script)).replace(/\.ts$/, '.js');
  if (path.startsWith('src/')) return [join(dir, path.slice('src/'.length))];
  if (path.startsWith('test/support/children/'))
    return [join(dir, 'children', path.slice('test/support/children/'.length))];
  throw new Error(`${script}: não é uma entrada que os testes transpilam`);
}

function testJsDir(): string | undefined {
  try {
    return inject('testJsDir') || undefined;
  } catch {
    return undefined;
  }
}
