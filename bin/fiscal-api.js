#!/usr/bin/env node
// The installed command runs the built program (dist/, from `npm run build`), the JavaScript `npm start` and the
// container run: no TypeScript loader, and so no devDependency, at run time.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  console.error(
    `fiscal-api: o programa compilado não foi encontrado (${fileURLToPath(main)}). Execute \`npm run build\` na pasta do projeto e tente de novo.`,
  );
  process.exit(1);
}
await import(main.href);
