/**
 * Writes schema.graphql, the printed GraphQL schema (a checked-in artifact with a drift test,
 * test/graphql/schema-artifacts.test.ts). Run `npm run schema:print` after changing src/graph.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchema } from 'graphql';
import { schema } from '../src/graph/schema/index.js';

export const SCHEMA_FILE = fileURLToPath(new URL('../schema.graphql', import.meta.url));

/** The file's exact content: the printed schema and a final newline. */
export const printedSchema = (): string => `${printSchema(schema)}\n`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_FILE, printedSchema());
  process.stdout.write(`${JSON.stringify({ escrito: 'schema.graphql' })}\n`);
}
