// Each body is declared once, in the engine (a valibot declaration per input). openapi.yaml's request schemas and
// the GraphQL input types are written by hand beside it; this test fails when they disagree with the
// declaration on member names, at every level, so none of the three can drift.
import { getNamedType, isInputObjectType, type GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graph/schema/index.js';
import { prepareDocument } from '../../src/rest/prepared-document.js';
import { loadOpenApiDocument } from '../../src/rest/rest-api.js';
import { operations } from '../../src/rest/operations/index.js';
import { snakeName } from '../../src/engine/nucleo/validation-issues-of.js';

type Node = Record<string, any>;

/** The object or list a declaration's member holds, under optional/nullable wrappers and pipes. */
function unwrapDeclared(s: Node): Node {
  while (s && s.wrapped) s = s.wrapped;
  return s;
}

/** Member name → declared schema, leaving out members declared only to be refused (v.never). */
function declaredMembers(s: Node): Record<string, Node> | null {
  const u = unwrapDeclared(s);
  if (!u?.entries) return null;
  return Object.fromEntries(
    Object.entries(u.entries as Record<string, Node>).filter(([, e]) => unwrapDeclared(e).type !== 'never'),
  );
}

function resolve(doc: Node, s: Node | undefined): Node | undefined {
  let cur = s;
  for (let i = 0; cur && i < 10; i++) {
    if (cur.$ref)
      cur = (cur.$ref as string)
        .slice(2)
        .split('/')
        .reduce((n: Node, k: string) => n[k], doc);
    else if (cur.allOf)
      cur = { properties: Object.assign({}, ...cur.allOf.map((p: Node) => resolve(doc, p)?.properties ?? {})) };
    else if (cur.oneOf || cur.anyOf)
      cur =
        (cur.oneOf ?? cur.anyOf)
          .map((p: Node) => resolve(doc, p))
          .find((p: Node | undefined) => p?.properties || p?.items) ??
        cur.oneOf?.[0] ??
        cur.anyOf?.[0];
    else return cur;
  }
  return cur;
}

const operationSchemas = () => {
  const doc = loadOpenApiDocument() as Node;
  const byId = new Map<string, Node>();
  for (const item of Object.values(doc.paths as Record<string, Node>)) {
    for (const op of Object.values(item))
      if (op && typeof op === 'object' && op.operationId) byId.set(op.operationId, op);
  }
  return { doc, byId };
};

/** Differences between the declaration and openapi.yaml's request schema, as "pointer: only-in-which name". */
function compareOpenApi(doc: Node, declared: Node, spec: Node | undefined, at: string, out: string[]): void {
  const members = declaredMembers(declared);
  const u = unwrapDeclared(declared);
  const s = resolve(doc, spec);
  if (members && s?.properties) {
    const names = Object.keys(members).map(snakeName);
    const specNames = Object.keys(s.properties);
    for (const n of names) if (!specNames.includes(n)) out.push(`${at}/${n}: declared, not in openapi.yaml`);
    for (const n of specNames) if (!names.includes(n)) out.push(`${at}/${n}: in openapi.yaml, not declared`);
    for (const [k, m] of Object.entries(members))
      if (specNames.includes(snakeName(k)))
        compareOpenApi(doc, m, s.properties[snakeName(k)], `${at}/${snakeName(k)}`, out);
  } else if (u?.item && s?.items) {
    compareOpenApi(doc, u.item, s.items, `${at}/0`, out);
  }
}

function compareGraphql(declared: Node, type: GraphQLInputType, at: string, out: string[]): void {
  const members = declaredMembers(declared);
  const named = getNamedType(type);
  const u = unwrapDeclared(declared);
  if (members && isInputObjectType(named)) {
    const fields = named.getFields();
    for (const k of Object.keys(members)) if (!fields[k]) out.push(`${at}.${k}: declared, not in ${named.name}`);
    for (const k of Object.keys(fields)) if (!members[k]) out.push(`${at}.${k}: in ${named.name}, not declared`);
    for (const [k, m] of Object.entries(members)) if (fields[k]) compareGraphql(m, fields[k]!.type, `${at}.${k}`, out);
  } else if (u?.item) {
    compareGraphql(u.item, type, `${at}[]`, out);
  }
}

// openapi.yaml and GraphQL describe one tax-group type (ProdutoTributo) for every group, with csosn documented as
// ICMS only; the declaration has it on icms alone, so csosn on another group is refused as an unknown member.
const ACCEPTED = new Set([
  ...['ipi', 'pis', 'cofins'].flatMap((g) => [
    `/tributacao/${g}/csosn: in openapi.yaml, not declared`,
    `input.tributacao.${g}.csosn: in ProdutoTributoInput, not declared`,
  ]),
  // WebhookInput serves creation and update; `ativo` is an update's (creation refuses it as campo_desconhecido).
  'input.ativo: in WebhookInput, not declared',
]);

const declaredOperations = Object.entries(operations).filter(([, op]) => op.body);

describe('body declarations, openapi.yaml and the GraphQL input types agree on member names', () => {
  it('covers the declared bodies', () => {
    expect(declaredOperations.map(([id]) => id)).toEqual(
      expect.arrayContaining([
        'createCompany',
        'createProduto',
        'updateProduto',
        'createWebhook',
        'updateWebhook',
        'createNfe',
        'previewNfe',
        'correctNfe',
      ]),
    );
  });

  for (const [operationId, op] of declaredOperations) {
    it(operationId, () => {
      const { doc, byId } = operationSchemas();
      const spec = byId.get(operationId)?.requestBody?.content?.['application/json']?.schema;
      expect(spec, `${operationId} has a JSON request body in openapi.yaml`).toBeDefined();
      const differences: string[] = [];
      compareOpenApi(doc, op.body!.schema as Node, spec, '', differences);
      const prepared = prepareDocument(schema, op.document, op.body);
      compareGraphql(op.body!.schema as Node, prepared.bodyInput!.type, 'input', differences);
      expect(differences.filter((d) => !ACCEPTED.has(d))).toEqual([]);
    });
  }
});
