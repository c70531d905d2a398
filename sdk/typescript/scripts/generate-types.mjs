// Generates src/generated/openapi.ts from the service's openapi/openapi.yaml with openapi-typescript, so the
// library's request and response types are the document's. With --check it writes nothing and exits 1 when the
// committed file differs from what the document gives now (CI: the document changed, the types were not
// regenerated).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));
const documentPath = resolve(here, '../../../openapi/openapi.yaml');
const target = resolve(here, '../src/generated/openapi.ts');

const HEADER =
  '// Gerado por scripts/generate-types.mjs a partir de openapi/openapi.yaml. Não edite: rode `npm run generate`.\n\n';

const ast = await openapiTS(new URL(`file://${documentPath}`), { alphabetize: true, emptyObjectsUnknown: true });
const text = HEADER + astToString(ast);

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (current !== text) {
    console.error(
      `${target} está desatualizado em relação a openapi/openapi.yaml: rode "npm run generate" em sdk/typescript.`,
    );
    process.exit(1);
  }
  console.log('sdk/typescript: tipos gerados em dia com openapi/openapi.yaml');
} else {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`escrito ${target}`);
}
