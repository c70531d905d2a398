import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GraphQLSchema } from 'graphql';
import { OpenAPIBackend, type Context, type Document } from 'openapi-backend';
import { parse as parseYaml } from 'yaml';
import type { Principal } from '../engine/chaves/principal.js';
import type { GraphEngine } from '../graph/graph-context.js';
import { executePrepared, prepareDocument, type PreparedDocument } from './prepared-document.js';
import { matchedRoute, restHandlers } from './rest-handlers.js';
import type { RestOperation, RestRequest } from './rest-operation.js';
import { runWithIdempotency } from './run-with-idempotency.js';
import type { MatchedRoute } from './touched-ids.js';
import { operations } from './operations/index.js';

export const OPENAPI_PATH = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The formats openapi.yaml uses (Ajv knows none by default). */
export function addFormats<T extends { addFormat(name: string, format: RegExp): unknown }>(ajv: T): T {
  ajv.addFormat('date-time', DATE_TIME);
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  return ajv;
}

export function loadOpenApiDocument(): Document {
  return parseYaml(readFileSync(OPENAPI_PATH, 'utf8')) as Document;
}

export interface RestCall {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  principal: Principal;
  requestId: string;
  /** Set once openapi-backend matched an operation (the request log keeps its route template). */
  matched?: MatchedRoute;
  /** Charges units beyond the call's own to its minute (RawContext.charge); set by the HTTP host. */
  charge?: (units: number) => Promise<void>;
}

export interface RestResult {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** Set on replays of a stored idempotent response. */
  replayed?: boolean;
}

/**
 * The `/v1` facade: openapi-backend routes and validates parameters from openapi.yaml, then each operation
 * runs its GraphQL document in-process. Request bodies are validated by the engine, which reports every
 * problem with the API's codes; the document still describes them.
 */
export async function createRestApi(schema: GraphQLSchema, engine: GraphEngine) {
  const prepared = new Map<string, PreparedDocument>();
  const api = new OpenAPIBackend({
    definition: loadOpenApiDocument(),
    // quick: openapi-backend checks definitions against the 3.0 meta-schema only; this document is 3.1.
    quick: true,
    validate: true,
    ignoreTrailingSlashes: true,
    customizeAjv: addFormats,
  });

  const run = async (operationId: string, c: Context, call: RestCall): Promise<RestResult> => {
    const op = operations[operationId]!;
    call.matched = matchedRoute(c);
    const req: RestRequest = {
      params: (c.request.params ?? {}) as Record<string, string>,
      query: (c.request.query ?? {}) as RestRequest['query'],
      headers: call.headers,
      body: call.body,
      principal: call.principal,
    };
    return runWithIdempotency(engine, { op, operationId, call, execute: () => execute(op, operationId, req, call) });
  };

  const execute = async (
    op: RestOperation,
    operationId: string,
    req: RestRequest,
    call: RestCall,
  ): Promise<RestResult> => {
    const doc = prepared.get(operationId)!;
    const context = { engine, principal: call.principal, requestId: call.requestId };
    const data = await executePrepared(schema, doc, op.toVariables(req), context);
    if (op.raw) {
      const raw = await op.raw(data, {
        engine,
        principal: call.principal,
        req,
        rerun: (variables) => executePrepared(schema, doc, variables, context),
        charge: call.charge,
      });
      const headers = raw.filename ? { 'content-disposition': `attachment; filename="${raw.filename}"` } : undefined;
      return { status: 200, body: raw.body, contentType: raw.contentType, headers };
    }
    const status = typeof op.successStatus === 'function' ? op.successStatus(data) : op.successStatus;
    return { status, body: op.toBody ? op.toBody(data, req) : data };
  };

  api.register(restHandlers(Object.keys(operations), run));
  // Keys are checked in the HTTP host before routing (401 in the route family's format); by the time a request
  // reaches openapi-backend it is authenticated.
  api.registerSecurityHandler('bearer', () => true);
  await api.init();
  cacheRoutes(api);
  for (const [operationId, document] of prepareOperations(api, schema)) prepared.set(operationId, document);

  return {
    api,
    handle: (call: RestCall) =>
      api.handleRequest(
        { method: call.method, path: call.path, query: call.query, headers: call.headers as never, body: call.body },
        call,
      ) as Promise<RestResult>,
  };
}

/**
 * openapi-backend's router rebuilds its list of operations from the document (a lodash chain over every path) on
 * each lookup, which every request makes to route and again to validate; the document no longer changes after
 * init, so the list is built once.
 */
export function cacheRoutes(api: OpenAPIBackend): void {
  const routes = api.router.getOperations();
  api.router.getOperations = () => routes;
}

/** Every operation of openapi.yaml has its implementation and every implementation its operation: checked at start. */
export function prepareOperations(api: OpenAPIBackend, schema: GraphQLSchema): Map<string, PreparedDocument> {
  const missing = api
    .getOperations()
    .map((o) => o.operationId!)
    .filter((id) => !operations[id]);
  if (missing.length) throw new Error(`openapi.yaml operations without an implementation: ${missing.join(', ')}`);
  const prepared = new Map<string, PreparedDocument>();
  for (const [operationId, op] of Object.entries(operations)) {
    if (!api.getOperation(operationId)) throw new Error(`operation ${operationId} is not in openapi.yaml`);
    prepared.set(operationId, prepareDocument(schema, op.document, op.body));
  }
  return prepared;
}

export type RestApi = Awaited<ReturnType<typeof createRestApi>>;
