import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  getArgumentValues,
  GraphQLError,
  Kind,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Principal } from '../engine/chaves/principal.js';
import { isEngineError } from '../engine/errors.js';
import type { GraphContext, GraphEngine } from '../graph/graph-context.js';
import { graphqlTouchedIds } from './graphql-touched-ids.js';
import { useQueryLimits } from './query-limits.js';
import { useRequestBudget, type BudgetContext, type RequestBudget } from './request-budget.js';

interface ServerContext extends BudgetContext {
  req: FastifyRequest;
  reply: FastifyReply;
  principal: Principal | null;
  requestId: string;
}

export type Yoga = YogaServerInstance<ServerContext, GraphContext>;

export interface GraphqlHttpOptions {
  endpoint: string;
  /** The minute's budget each document is charged, in the same request units as the endpoint's other calls. */
  budget: RequestBudget;
  /** The limiter key and the units already charged for this request (by the endpoint's onRequest hook). */
  budgetKeyOf: (req: FastifyRequest) => string | null;
  /** Yoga's CORS: which origins may read the answers, and whether with the browser's cookies. */
  cors: Parameters<typeof createYoga>[0]['cors'];
}

/**
 * graphql-yoga mounted per its Fastify guide; the same masking serves HTTP and websockets. Mounted twice: at
 * /graphql for API keys and at /painel/graphql for the operator panel's sessions, each with its own
 * authentication in an onRequest hook that sets `req.principal` and charges the request its first unit.
 * Validation results are not cached: they depend on the variables (page sizes) and on who asks (introspection).
 */
export function createGraphqlHttp(
  app: FastifyInstance,
  schema: GraphQLSchema,
  engine: GraphEngine,
  options: GraphqlHttpOptions,
): Yoga {
  const { endpoint } = options;
  const yoga: Yoga = createYoga<ServerContext, GraphContext>({
    schema,
    graphqlEndpoint: endpoint,
    logging: false,
    cors: options.cors,
    parserAndValidationCache: { validationCache: false },
    plugins: [
      useQueryLimits(),
      useRequestBudget(options.budget, engine.clock),
      useErrorCodeOfResult(),
      useTouchedIdsOfResult(),
    ],
    graphiql: false,
    context: ({ principal, requestId }) => ({ engine, principal: principal ?? null, requestId: requestId ?? '' }),
    maskedErrors: {
      maskError: (error, message) => {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (isEngineError(original)) {
          return new GraphQLError(original.message, {
            extensions: {
              code: original.codigo,
              codigo: original.codigo,
              campo: original.campo,
              correcao: original.correcao,
              retentavel: original.retentavel,
              http: { status: 200 },
            },
          });
        }
        if (error instanceof GraphQLError && !error.originalError) return error;
        // A variable that does not fit its input type (an unknown enum value, a number as Decimal): graphql-js
        // wraps the scalar's or enum's own GraphQLError. It is the caller's request, so it is shown, not masked.
        if (error instanceof GraphQLError && original instanceof GraphQLError) {
          return new GraphQLError(error.message, {
            nodes: error.nodes,
            extensions: { code: 'requisicao_invalida', codigo: 'requisicao_invalida', ...error.extensions },
          });
        }
        engine.logger.error({ err: original }, 'unexpected GraphQL error');
        return new GraphQLError(message, {
          extensions: { code: 'erro_interno', codigo: 'erro_interno', retentavel: true },
        });
      },
    },
  });

  app.route({
    url: endpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const budgetKey = options.budgetKeyOf(req);
      const response = await yoga.handleNodeRequestAndResponse(req, reply, {
        req,
        reply,
        principal: req.principal ?? null,
        requestId: req.requestId,
        budgetKey,
        unitsCharged: budgetKey ? 1 : 0,
      });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
  return yoga;
}

/**
 * The request log keeps the `codigo` of a GraphQL answer with errors: the first error's, read from the result as
 * it is sent (after masking), for the Fastify request that carries it. Subscriptions' streams are not answers.
 */
function useErrorCodeOfResult(): Plugin<Record<string, never>, ServerContext> {
  return {
    onResultProcess: ({ result, serverContext }) => {
      const req = serverContext.req as FastifyRequest | undefined;
      if (!req || Symbol.asyncIterator in (result as object)) return;
      const first = (Array.isArray(result) ? result : [result]).flatMap((r) => (r as ExecutionResult).errors ?? [])[0];
      if (!first) return;
      const codigo = first.extensions?.codigo ?? first.extensions?.code;
      req.logCodigo = typeof codigo === 'string' ? codigo : 'erro_graphql';
    },
  };
}

/**
 * The request log keeps the note, batch and company a GraphQL call touched, as it does for /v1: from the first root
 * field's arguments and answer, once the operation has run. Subscriptions' streams are not answers.
 */
function useTouchedIdsOfResult(): Plugin<Record<string, never>, ServerContext> {
  return {
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result }) => {
        const req = (args.contextValue as Partial<ServerContext> | undefined)?.req;
        if (!req || Symbol.asyncIterator in (result as object)) return;
        const root = firstRootField(args);
        const data = (result as ExecutionResult).data as Record<string, unknown> | null | undefined;
        req.logIds = graphqlTouchedIds(root?.name ?? null, root?.args ?? {}, root ? data?.[root.alias] : null);
      },
    }),
  };
}

function firstRootField(args: ExecutionArgs): { name: string; alias: string; args: Record<string, unknown> } | null {
  const operation = args.document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && (!args.operationName || d.name?.value === args.operationName),
  );
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return null;
  const node = operation.selectionSet.selections.find((s) => s.kind === Kind.FIELD && s.name.value !== '__typename');
  if (!node || node.kind !== Kind.FIELD) return null;
  const rootType = args.schema.getRootType(operation.operation);
  const field = rootType?.getFields()[node.name.value];
  let values: Record<string, unknown> = {};
  try {
    if (field) values = getArgumentValues(field, node, (args.variableValues ?? {}) as Record<string, unknown>);
  } catch {
    // Arguments that do not fit were refused by validation already; the line keeps the answer's ids only.
  }
  return { name: node.name.value, alias: node.alias?.value ?? node.name.value, args: values };
}
