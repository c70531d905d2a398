import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('TypeScript client types', () => {
  it('are the current openapi/openapi.yaml (npm run generate in sdk/typescript after changing the document)', async () => {
    const run = await promisify(execFile)(process.execPath, [
      'sdk/typescript/scripts/generate-types.mjs',
      '--check',
    ]).then(
      ({ stdout }) => ({ ok: true, output: stdout }),
      (e: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    );
    expect(run.ok, run.output).toBe(true);
    expect(run.output).toContain('em dia');
  });
});

describe('PHP client answer classes', () => {
  it('are the current openapi/openapi.yaml (node sdk/php/scripts/generate-models.mjs after changing the document)', async () => {
    const run = await promisify(execFile)(process.execPath, ['sdk/php/scripts/generate-models.mjs', '--check']).then(
      ({ stdout }) => ({ ok: true, output: stdout }),
      (e: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    );
    expect(run.ok, run.output).toBe(true);
    expect(run.output).toContain('em dia');
  });
});
