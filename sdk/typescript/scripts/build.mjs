// Builds the package twice from src/: ES modules with declarations into dist/esm, CommonJS with declarations into
// dist/cjs (whose package.json says so, for Node and for TypeScript's reading of its .d.ts). package.json's
// `exports` sends `import` to the first and `require` to the second. The version file is regenerated first, so
// the User-Agent carries package.json's version.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = (file, args) => execFileSync(process.execPath, [file, ...args], { cwd: root, stdio: 'inherit' });

run(resolve(root, 'scripts/generate-types.mjs'), []);
rmSync(resolve(root, 'dist'), { recursive: true, force: true });
run(tsc, ['-p', 'tsconfig.json']);
run(tsc, ['-p', 'tsconfig.cjs.json']);
mkdirSync(resolve(root, 'dist/cjs'), { recursive: true });
writeFileSync(resolve(root, 'dist/cjs/package.json'), '{ "type": "commonjs" }\n');
console.log('sdk/typescript: dist/esm (import) e dist/cjs (require)');
