import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GraphEngine } from '../../src/graph/graph-context.js';
import { schema } from '../../src/graph/schema/index.js';
import { createRestApi, loadOpenApiDocument } from '../../src/rest/rest-api.js';
import { operations } from '../../src/rest/operations/index.js';
import type { RestOperation } from '../../src/rest/rest-operation.js';
import { printedSchema, SCHEMA_FILE } from '../../scripts/print-schema.js';

// Building the facade touches no infrastructure: the engine is only used when a request runs.
const noEngine = {} as GraphEngine;

function openapiOperationIds(): string[] {
  const doc = loadOpenApiDocument() as { paths: Record<string, Record<string, { operationId?: string }>> };
  const ids: string[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        ids.push(op.operationId ?? `${method} without operationId`);
    }
  }
  return ids;
}

describe('schema.graphql', () => {
  it('is the printed schema (run `npm run schema:print` after changing src/graph)', () => {
    const onDisk = readFileSync(SCHEMA_FILE, 'utf8');
    expect(onDisk, 'schema.graphql is stale: run `npm run schema:print`').toBe(printedSchema());
  });

  it('holds the foundation types and root fields', () => {
    const printed = printedSchema();
    for (const piece of [
      'type Company',
      'type Readiness',
      'type DomainError',
      'companyUpdated(id: ID!): Company!',
      'companies(',
      'account: Account!',
    ]) {
      expect(printed).toContain(piece);
    }
  });
});

describe('openapi.yaml ↔ src/rest/operations', () => {
  it('every operationId has an implementation and every implementation a route', () => {
    const ids = openapiOperationIds();
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.keys(operations).sort());
  });

  it('every operation document is valid against the GraphQL schema (the facade builds)', async () => {
    const api = await createRestApi(schema, noEngine);
    expect(
      api.api
        .getOperations()
        .map((o) => o.operationId)
        .sort(),
    ).toEqual(Object.keys(operations).sort());
  });

  it('the facade refuses to start when an operation lacks an implementation', async () => {
    const id = 'listCompanies';
    const saved = operations[id]!;
    delete operations[id];
    try {
      await expect(createRestApi(schema, noEngine)).rejects.toThrow(/without an implementation: listCompanies/);
    } finally {
      operations[id] = saved;
    }
  });

  it('and when an implementation has no route in openapi.yaml', async () => {
    const stray: RestOperation = { document: 'query { account { id } }', toVariables: () => ({}), successStatus: 200 };
    operations.strayOperation = stray;
    try {
      await expect(createRestApi(schema, noEngine)).rejects.toThrow(/strayOperation is not in openapi.yaml/);
    } finally {
      delete operations.strayOperation;
    }
  });

  it('and when a document does not validate against the schema', async () => {
    const saved = operations.getCompany!;
    operations.getCompany = { ...saved, document: 'query { company(id: "x") { campoQueNaoExiste } }' };
    try {
      await expect(createRestApi(schema, noEngine)).rejects.toThrow(/invalid REST document/);
    } finally {
      operations.getCompany = saved;
    }
  });
});
