// The installed command (`bin` of package.json) runs the built program in dist/, and says in Portuguese what to do
// when it has not been built. Run from a copy beside a stand-in dist/, so the test neither needs nor touches a build.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };

describe('bin/fiscal-api.js', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function run(withDist: boolean) {
    dir = mkdtempSync(join(tmpdir(), 'fiscal-bin-'));
    mkdirSync(join(dir, 'bin'));
    copyFileSync(join(ROOT, pkg.bin['fiscal-api']!), join(dir, 'bin/fiscal-api.js'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    if (withDist) {
      mkdirSync(join(dir, 'dist/cli'), { recursive: true });
      writeFileSync(join(dir, 'dist/cli/main.js'), 'console.log(JSON.stringify(process.argv.slice(2)));\n');
    }
    return spawnSync(process.execPath, [join(dir, 'bin/fiscal-api.js'), 'serve', '--role', 'api'], {
      encoding: 'utf8',
    });
  }

  it('is the command package.json installs', () => {
    expect(pkg.bin['fiscal-api']).toBe('bin/fiscal-api.js');
    expect(readFileSync(join(ROOT, 'bin/fiscal-api.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it('runs dist/cli/main.js with its arguments', () => {
    const result = run(true);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(['serve', '--role', 'api']);
  });

  it('without dist/ it exits 1 and says in Portuguese to run npm run build', () => {
    const result = run(false);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('o programa compilado não foi encontrado');
    expect(result.stderr).toContain('npm run build');
  });
});
