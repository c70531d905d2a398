// Generates src/generated/openapi.ts from the service's openapi/openapi.yaml with openapi-typescript, so the
// library's request and response types are the document's, and src/generated/versao.ts from package.json's
// version (the User-Agent's). With --check it writes nothing and exits 1 when a committed file differs from what
// the document and package.json give now (CI: the document or the version changed, the files were not
// regenerated).
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));
const documentPath = resolve(here, '../../../openapi/openapi.yaml');
const target = resolve(here, '../src/generated/openapi.ts');
const versionTarget = resolve(here, '../src/generated/versao.ts');
const { version } = JSON.parse(readFileSync(resolve(here, '../package.json'), 'utf8'));

const HEADER =
  '// Gerado por scripts/generate-types.mjs a partir de openapi/openapi.yaml. Não edite: rode `npm run generate`.\n\n';

const ast = await openapiTS(new URL(`file://${documentPath}`), { alphabetize: true, emptyObjectsUnknown: true });
const files = [
  [target, HEADER + astToString(ast), 'openapi/openapi.yaml'],
  [
    versionTarget,
    '// Gerado por scripts/generate-types.mjs a partir de package.json. Não edite: rode `npm run generate`.\n\n' +
      `/** The library's version, as package.json gives it (sent in User-Agent). */\nexport const VERSAO = '${version}';\n`,
    'package.json',
  ],
];

if (process.argv.includes('--check')) {
  for (const [file, text, source] of files) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current !== text) {
      console.error(`${file} está desatualizado em relação a ${source}: rode "npm run generate" em sdk/typescript.`);
      process.exit(1);
    }
  }
  console.log('sdk/typescript: tipos gerados em dia com openapi/openapi.yaml e versão em dia com package.json');
} else {
  for (const [file, text] of files) {
    // An unchanged file is not rewritten: the build runs this while tests may be importing src/ (a rewrite is a
    // moment of an empty file).
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`escrito ${file}`);
  }
}
