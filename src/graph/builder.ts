import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { GraphQLError } from 'graphql';
import { getDatamodel } from '../generated/pothos-types.js';
import type PrismaTypes from '../generated/pothos-types.js';
import { EngineError } from '../engine/errors.js';
import type { GraphContext } from './graph-context.js';

/**
 * Configuration only; types live in schema/<type>.ts.
 * Plugin order matters: scope-auth first so unauthorised fields never run, then errors so thrown EngineErrors
 * become union members, then prisma and dataloader (batched relations), then complexity, which only records
 * each field's cost: the limits are a validation rule (src/http/query-limits.ts), so an abusive document is
 * refused before anything executes, and the REST facade's fixed documents are not re-checked per request.
 */
export const builder = new SchemaBuilder<{
  Context: GraphContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: { authenticated: boolean; live: boolean };
  Scalars: {
    JSON: { Input: unknown; Output: unknown };
    DateTime: { Input: Date; Output: Date | string };
    Decimal: { Input: string; Output: string };
  };
  DefaultFieldNullability: false;
  // Connections compute their total only when a client selects it (one COUNT).
  Connection: { totalCount: () => Promise<number> };
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, RelayPlugin, DataloaderPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({
      authenticated: ctx.principal !== null,
      live: ctx.principal?.environment === 'live',
    }),
    unauthorizedError: (_parent, ctx) =>
      ctx.principal
        ? new EngineError('somente_producao', 'Esta operação exige uma chave de produção (svc_live_).')
        : new EngineError('nao_autenticado', 'Chave de API ausente, inválida ou revogada.'),
  },
  errors: { defaultTypes: [EngineError], directResult: true },
  // Connections page forward (first/after) over opaque keyset cursors; ids are the plain UUIDs REST uses, so
  // no global-id `node` fields. A page's cost is charged once on the connection field (its `first`).
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    edgesFieldOptions: { complexity: { field: 1, multiplier: 1 } },
  },
  prisma: {
    client: (ctx) => ctx.engine.db,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

builder.scalarType('JSON', {
  serialize: (v) => v,
  parseValue: (v) => v,
});

builder.scalarType('DateTime', {
  serialize: (v) => (v instanceof Date ? v.toISOString() : v),
  parseValue: (v) => {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new GraphQLError('invalid DateTime');
    return d;
  },
});

/**
 * Money and rates travel as decimal strings; a JSON number is refused, since a float may already have
 * lost the cents. The format of the string is the engine validator's to judge, with its codes and limits per field.
 */
builder.scalarType('Decimal', {
  serialize: (v) => String(v),
  parseValue: (v) => {
    if (typeof v !== 'string')
      throw new GraphQLError('Decimal é um texto decimal, por exemplo "10.50", nunca um número JSON.');
    return v;
  },
});

builder.globalConnectionField('totalCount', (t) =>
  t.int({
    description: 'Every item that matches the filter, over all pages.',
    resolve: (connection) => connection.totalCount(),
  }),
);
