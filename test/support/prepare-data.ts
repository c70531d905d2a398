import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** vitest globalSetup: the prepared official data (scripts/prepare-data.ts) is written before any test file runs. */
export default function prepareData(): void {
  const run = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/prepare-data.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`scripts/prepare-data.ts falhou:\n${run.stderr}`);
}
