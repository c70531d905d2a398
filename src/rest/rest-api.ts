import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GraphQLSchema } from 'graphql';
import { OpenAPIBackend, type Context, type Document } from 'openapi-backend';
import { parse as parseYaml } from 'yaml';
import type { Principal } from '../engine/chaves/principal.js';
import { EngineError, parameterError } from '../engine/errors.js';
import { abandonIdempotent, beginIdempotent, completeIdempotent } from '../engine/idempotencia/begin-idempotent.js';
import { requestFingerprint } from '../engine/idempotencia/canonical-json.js';
import type { GraphEngine } from '../graph/graph-context.js';
import { describeParameterError } from './describe-parameter-error.js';
import { executePrepared, prepareDocument, type PreparedDocument } from './prepared-document.js';
import type { RestOperation, RestRequest } from './rest-operation.js';
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
}

export interface RestResult {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** Set on replays of a stored idempotent response. */
  replayed?: boolean;
}

// Errors that leave a resource behind are stored with the idempotency record; all others are not.
const STORED_ERRORS = new Set(['nfse_rejeitada', 'falha_transmissao']);

/**
 * The `/v1` facade: openapi-backend routes and validates parameters from openapi.yaml, then each operation
 * runs its GraphQL document in-process. Request bodies are validated by the engine, which reports every
 * problem with the API's codes; the document still describes them.
 */
export async function createRestApi(schema: GraphQLSchema, engine: GraphEngine) {
  const definition = loadOpenApiDocument();
  const prepared = new Map<string, PreparedDocument>();
  const api = new OpenAPIBackend({
    definition,
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
    const key = header(call.headers, 'idempotency-key');
    if (!op.idempotent || key === undefined) return execute(op, operationId, req, call);
    if (!key.trim() || key.length > 255) {
      throw parameterError('requisicao_invalida', { header: 'Idempotency-Key' }, 'deve ter de 1 a 255 caracteres.', {
        correcao: 'Use um UUID como chave.',
      });
    }
    const fingerprint = requestFingerprint(
      `${operationId}`,
      op.fingerprintBody ? op.fingerprintBody(call.body) : call.body,
    );
    const start = await beginIdempotent(engine, call.principal, key, fingerprint);
    if (start.kind === 'replay') {
      const stored = start.body as { storedError?: StoredError } | null;
      if (stored?.storedError) throw restoreError(stored.storedError);
      return { status: start.status, body: sealFields(op, call, start.body, 'open'), replayed: true };
    }
    try {
      const result = await execute(op, operationId, req, call);
      await completeIdempotent(
        engine,
        start.recordId,
        result.status,
        sealFields(op, call, result.body, 'seal') ?? null,
      );
      return result;
    } catch (err) {
      if (err instanceof EngineError && STORED_ERRORS.has(err.codigo)) {
        await completeIdempotent(engine, start.recordId, err.http, { storedError: storeError(err) });
      } else {
        await abandonIdempotent(engine, start.recordId);
      }
      throw err;
    }
  };

  // Secrets in a stored response (a webhook's segredo) are sealed under the key's scope, never kept in clear.
  const sealFields = (op: RestOperation, call: RestCall, body: unknown, way: 'seal' | 'open'): unknown => {
    if (!op.sealedFields || body === null || typeof body !== 'object') return body;
    const context = `idempotency:${call.principal.accountId}:${call.principal.environment}`;
    const out = { ...(body as Record<string, unknown>) };
    for (const field of op.sealedFields) {
      if (typeof out[field] !== 'string') continue;
      out[field] =
        way === 'seal' ? engine.secrets.seal(out[field], context) : engine.secrets.open(out[field], context).toString();
    }
    return out;
  };

  const execute = async (
    op: RestOperation,
    operationId: string,
    req: RestRequest,
    call: RestCall,
  ): Promise<RestResult> => {
    const doc = prepared.get(operationId)!;
    const data = await executePrepared(schema, doc, op.toVariables(req), {
      engine,
      principal: call.principal,
      requestId: call.requestId,
    });
    if (op.raw) {
      const raw = await op.raw(data, { engine, principal: call.principal });
      const headers = raw.filename ? { 'content-disposition': `attachment; filename="${raw.filename}"` } : undefined;
      return { status: 200, body: raw.body, contentType: raw.contentType, headers };
    }
    const status = typeof op.successStatus === 'function' ? op.successStatus(data) : op.successStatus;
    return { status, body: op.toBody ? op.toBody(data, req) : data };
  };

  const handlers: Record<string, (c: Context, call: RestCall) => Promise<RestResult>> = {};
  for (const operationId of Object.keys(operations)) {
    handlers[operationId] = (c, call) => run(operationId, c, call);
  }
  api.register({
    ...handlers,
    validationFail: (c: Context, call: RestCall) => {
      call.matched = matchedRoute(c);
      // An unknown query parameter is 400 only on document routes; elsewhere it is ignored.
      const strictQuery = call.path.startsWith('/v1/documents');
      const unknownParam = (e: { keyword: string; instancePath: string }) =>
        e.keyword === 'additionalProperties' && e.instancePath === '/query';
      // `limite` is judged by the engine (pageLimit): one rule and one message for REST and GraphQL alike, and the
      // clamping of GET /v1/nfse, which refuses nothing; openapi.yaml states each list's bounds for clients.
      const judgedByEngine = (e: { instancePath: string }) => e.instancePath === '/query/limite';
      const errors = (c.validation.errors ?? []).filter(
        (e) => !e.instancePath.startsWith('/requestBody') && !judgedByEngine(e) && (strictQuery || !unknownParam(e)),
      );
      if (errors.length === 0) return run(c.operation.operationId!, c, call);
      const first = errors[0]!;
      if (first.params?.missingProperty === 'requestBody') {
        throw new EngineError('requisicao_invalida', 'Esta rota exige um corpo JSON.', {
          correcao: 'Envie o corpo com Content-Type: application/json.',
        });
      }
      const declared = ((c.operation.parameters ?? []) as Array<{ name?: string }>).map((p) => p.name ?? '');
      const { parameter, detail } = describeParameterError(first, declared);
      throw parameterError('parametro_invalido', parameter, detail, {
        correcao: unknownParam(first)
          ? 'Remova o parâmetro; veja os aceitos na documentação da rota.'
          : 'Corrija o parâmetro conforme a documentação da rota.',
      });
    },
    notFound: () => {
      throw new EngineError('rota_nao_encontrada', 'Rota não encontrada.', {
        correcao: 'Confira o método e o caminho em /v1.',
      });
    },
    unauthorizedHandler: () => {
      throw new EngineError('nao_autenticado', 'Chave de API ausente, inválida ou revogada.', {
        correcao: 'Envie Authorization: Bearer <chave>.',
      });
    },
    methodNotAllowed: () => {
      throw new EngineError('metodo_nao_permitido', 'Método não permitido nesta rota.', {
        correcao: 'Confira o método na documentação.',
      });
    },
  });
  // Keys are checked in the HTTP host before routing (401 in the route family's format); by the time a request
  // reaches openapi-backend it is authenticated.
  api.registerSecurityHandler('bearer', () => true);
  await api.init();
  // openapi-backend's router rebuilds its list of operations from the document (a lodash chain over every path)
  // on each lookup, which every request makes to route and again to validate; the document no longer changes
  // after init, so the list is built once.
  const routes = api.router.getOperations();
  api.router.getOperations = () => routes;

  const missing = api
    .getOperations()
    .map((o) => o.operationId!)
    .filter((id) => !operations[id]);
  if (missing.length) throw new Error(`openapi.yaml operations without an implementation: ${missing.join(', ')}`);
  for (const [operationId, op] of Object.entries(operations)) {
    if (!api.getOperation(operationId)) throw new Error(`operation ${operationId} is not in openapi.yaml`);
    prepared.set(operationId, prepareDocument(schema, op.document, op.body));
  }

  return {
    api,
    handle: (call: RestCall) =>
      api.handleRequest(
        { method: call.method, path: call.path, query: call.query, headers: call.headers as never, body: call.body },
        call,
      ) as Promise<RestResult>,
  };
}

const matchedRoute = (c: Context): MatchedRoute => ({
  rota: c.operation.path,
  params: (c.request.params ?? {}) as Record<string, string>,
});

function header(headers: RestCall['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

interface StoredError {
  codigo: EngineError['codigo'];
  mensagem: string;
  campo: string | null;
  correcao: string | null;
  codigoOficial: string | null;
  extra: Record<string, unknown>;
}

/**
 * A stored 422 with a note replays the same body; it is kept as the error itself so the replay's
 * `requisicao_id` is the replaying request's (it always equals the answered request's X-Request-Id).
 */
function storeError(err: EngineError): StoredError {
  return {
    codigo: err.codigo,
    mensagem: err.message,
    campo: err.campo,
    correcao: err.correcao,
    codigoOficial: err.codigoOficial,
    extra: err.extra,
  };
}

function restoreError(e: StoredError): EngineError {
  return new EngineError(e.codigo, e.mensagem, {
    campo: e.campo,
    correcao: e.correcao,
    codigoOficial: e.codigoOficial,
    extra: e.extra,
  });
}

export type RestApi = Awaited<ReturnType<typeof createRestApi>>;
