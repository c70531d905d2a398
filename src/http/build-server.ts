import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { RequestLog } from '../engine/contas/request-log.js';
import type { Principal } from '../engine/chaves/principal.js';
import { RATE_LIMIT_PER_MINUTE, type RateLimiter } from '../engine/nucleo/rate-limiter.js';
import type { GraphEngine } from '../graph/graph-context.js';
import type { RestApi } from '../rest/rest-api.js';
import type { TouchedIds } from '../rest/touched-ids.js';
import { requestChildLogger } from '../create-logger.js';
import { registerRequestContext } from '../telemetry/register-request-context.js';
import type { Tracing } from '../telemetry/start-tracing.js';
import { createGraphqlHttp, type Yoga } from './create-graphql-http.js';
import { registerPainel } from './painel/register-painel.js';
import { registerPainelExport } from './painel/register-painel-export.js';
import { BODY_LIMIT, MULTIPART_LIMITS, registerApiRoutes } from './register-api-routes.js';
import { registerErrorHandlers } from './register-error-handlers.js';
import { registerHealthcheck } from './register-healthcheck.js';
import { registerJsonParser } from './register-json-parser.js';
import { registerKeyAuthentication } from './register-key-authentication.js';
import { registerMetrics, type ServedMetrics } from './register-metrics.js';
import { registerRequestLog } from './register-request-log.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the drain before a stop: /readyz answers 503 and every answer closes its connection, while requests
     * are still served, so clients open their next connection to another process instead of reusing this one.
     */
    startDrain(): void;
  }
  interface FastifyRequest {
    requestId: string;
    principal: Principal | null;
    /** When the call arrived, by the injectable clock (the request log's time). */
    arrivedAt: Date | null;
    /** What the request log keeps beyond Fastify's own: the operation's route template, the error code, the ids. */
    logRota: string | null;
    logCodigo: string | null;
    logIds: TouchedIds | null;
  }
}

export interface ServerOptions {
  engine: GraphEngine;
  schema: GraphQLSchema;
  rest: Pick<RestApi, 'handle'>;
  rateLimiter: RateLimiter;
  docsUrl: string;
  healthcheck: () => Promise<void>;
  /** Redis as this process sees it, for GET /readyz. */
  redisState?: () => 'absent' | 'up' | 'down';
  /** Where every authenticated /v1 and GraphQL call is recorded, and /v1 calls counted, off the request's path. */
  requestLog: Pick<RequestLog, 'count' | 'record'>;
  /** Request metrics; with `token` the main port also serves GET /metrics to `Authorization: Bearer <token>`. */
  metrics?: ServedMetrics;
  /** The operator panel: where its built files are, and the other origins its pages may be served from. */
  painel: { dir: string; origins?: string[] };
  /** Behind a proxy: the client's address and scheme come from X-Forwarded-For / X-Forwarded-Proto. */
  trustProxy?: boolean;
  /** Each request's server span, where tracing is on. */
  tracing?: Tracing | null;
}

/**
 * The HTTP host of the API, GraphQL and the panel, in the order Fastify runs them: request ids and keys, the
 * request log, body parsing, the error formats, metrics, health, then the routes.
 */
export async function buildServer(
  options: ServerOptions,
): Promise<{ app: FastifyInstance; yoga: Yoga; painelYoga: Yoga }> {
  const { engine, rateLimiter, requestLog } = options;
  const app = Fastify({
    // The service's logger: a request's lines (req.log, and the engine's through the log context) carry its id.
    loggerInstance: engine.logger as FastifyBaseLogger,
    childLoggerFactory: requestChildLogger,
    // The request log keeps every call; the process log keeps what went wrong, not a line per request.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    // Behind a proxy the request id of the platform wins only if it is a plain token.
    requestIdHeader: false,
    trustProxy: options.trustProxy ?? false,
  });
  let draining = false;
  app.decorate('startDrain', () => {
    draining = true;
  });
  // On the way out, so a request that arrived before the drain and is answered during it closes its connection too.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  app.decorateRequest('requestId', '');
  app.decorateRequest('principal', null);
  app.decorateRequest('arrivedAt', null);
  app.decorateRequest('logRota', null);
  app.decorateRequest('logCodigo', null);
  app.decorateRequest('logIds', null);

  registerRequestContext(app, options.tracing ?? null);
  registerKeyAuthentication(app, { deps: engine, rateLimiter, requestLog });
  registerRequestLog(app, requestLog);
  registerJsonParser(app);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  registerErrorHandlers(app, { docsUrl: options.docsUrl });
  if (options.metrics) registerMetrics(app, options.metrics);
  registerHealthcheck(app, {
    healthcheck: options.healthcheck,
    redisState: options.redisState,
    draining: () => draining,
    deps: engine,
  });

  const yoga = createGraphqlHttp(app, options.schema, engine, {
    endpoint: '/graphql',
    budget: {
      limiter: rateLimiter,
      perMinute: RATE_LIMIT_PER_MINUTE,
      message: `Mais de ${RATE_LIMIT_PER_MINUTE} requisições neste minuto com esta chave.`,
    },
    budgetKeyOf: (req) => req.principal?.apiKeyId ?? null,
    // A key travels in Authorization, never in a cookie: any page may call, none with the browser's credentials.
    cors: {
      origin: '*',
      credentials: false,
      methods: ['GET', 'POST'],
      allowedHeaders: ['authorization', 'content-type'],
    },
  });
  const painelYoga = registerPainel(app, {
    engine,
    schema: options.schema,
    dir: options.painel.dir,
    origins: options.painel.origins ?? [],
    rateLimiter,
  });
  registerPainelExport(app, { engine, rest: options.rest, rateLimiter });
  registerApiRoutes(app, options.rest, { rateLimiter, clock: engine.clock });
  return { app, yoga, painelYoga };
}
