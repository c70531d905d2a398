import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { RequestLog } from '../engine/contas/request-log.js';
import { authenticate } from '../engine/chaves/authenticate.js';
import { isKeyPrincipal, type Principal } from '../engine/chaves/principal.js';
import type { EngineDeps } from '../engine/engine-deps.js';
import { EngineError, isEngineError } from '../engine/errors.js';
import { RATE_LIMIT_PER_MINUTE, type RateLimiter } from '../engine/nucleo/rate-limiter.js';
import type { GraphEngine } from '../graph/graph-context.js';
import { errorResponse } from '../rest/error-response.js';
import type { RestApi, RestCall } from '../rest/rest-api.js';
import { touchedIds, type TouchedIds } from '../rest/touched-ids.js';
import type { Metrics } from '../metrics/create-metrics.js';
import { metricsAuthorized } from '../metrics/metrics-authorized.js';
import { createGraphqlHttp, type Yoga } from './create-graphql-http.js';
import { registerPainel } from './painel/register-painel.js';
import { readMultipart, removeUploads } from './read-multipart.js';

declare module 'fastify' {
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
  rest: RestApi;
  rateLimiter: RateLimiter;
  docsUrl: string;
  healthcheck: () => Promise<void>;
  /** Where every authenticated /v1 and GraphQL call is recorded, and /v1 calls counted, off the request's path. */
  requestLog: RequestLog;
  /** Request metrics; with `token` the main port also serves GET /metrics to `Authorization: Bearer <token>`. */
  metrics?: { registry: Pick<Metrics, 'observeRequest' | 'render' | 'contentType'>; token: string | null };
  /** The operator panel: where its built files are. */
  painel: { dir: string };
  /** Behind a proxy: the client's address and scheme come from X-Forwarded-For / X-Forwarded-Proto. */
  trustProxy?: boolean;
}

const MB = 1024 * 1024;
// 2 MB bodies; POST /v1/lotes up to 30 MB as JSON and 20 MB as a spreadsheet.
export const BODY_LIMIT = 2 * MB;
export const LOTES_JSON_LIMIT = 30 * MB;
export const LOTES_SHEET_LIMIT = 20 * MB;

const invalidJson = () =>
  new EngineError('requisicao_invalida', 'O corpo não é um JSON válido.', {
    correcao: 'Envie um JSON bem formado com Content-Type: application/json.',
  });
// Well-formed JSON, refused on purpose: a `__proto__` or `constructor.prototype` member could poison objects
// built from the body, and no request of the API has such a member.
const prototypeKey = () =>
  new EngineError(
    'requisicao_invalida',
    'O JSON do corpo contém a chave __proto__ ou constructor.prototype, que não é aceita.',
    {
      correcao: 'Remova a chave __proto__ (ou constructor.prototype) do corpo.',
    },
  );

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export async function buildServer(
  options: ServerOptions,
): Promise<{ app: FastifyInstance; yoga: Yoga; painelYoga: Yoga }> {
  const { engine, rest, docsUrl, requestLog } = options;
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    // Behind a proxy the request id of the platform wins only if it is a plain token.
    requestIdHeader: false,
    trustProxy: options.trustProxy ?? false,
  });

  app.decorateRequest('requestId', '');
  app.decorateRequest('principal', null);
  app.decorateRequest('arrivedAt', null);
  app.decorateRequest('logRota', null);
  app.decorateRequest('logCodigo', null);
  app.decorateRequest('logIds', null);

  app.addHook('onRequest', async (req, reply) => {
    req.requestId = req.id;
    reply.header('x-request-id', req.id);
    const path = req.url.split('?')[0]!;
    const isApi = path.startsWith('/v1/') || path === '/v1';
    const isGraphql = path === '/graphql';
    if (!isApi && !isGraphql) return;
    const authorization = req.headers.authorization;
    if (isGraphql && !authorization) return;
    req.arrivedAt = engine.clock.now();
    const principal = await authenticate(engine, authorization);
    req.principal = principal;
    const count = await options.rateLimiter.hit(principal.apiKeyId, engine.clock.now());
    if (count > RATE_LIMIT_PER_MINUTE) {
      throw new EngineError('limite_de_requisicoes', 'Mais de 120 requisições neste minuto com esta chave.', {
        correcao: 'Espere o próximo minuto do relógio e repita com o mesmo Idempotency-Key.',
      });
    }
    // GET /v1/usage counts accepted /v1 requests of the cycle: in memory, written with the log.
    if (isApi) requestLog.count(principal, req.arrivedAt);
  });

  // Every call authenticated by a key, answered or refused (429 included); a call without a valid key belongs to
  // no account, and the operator panel's own calls are not the integration's. A callback hook: nothing here waits,
  // the line is written with the next batch.
  app.addHook('onResponse', (req, reply, done) => {
    const principal = req.principal;
    if (isKeyPrincipal(principal) && req.arrivedAt) {
      const ids = req.logIds;
      requestLog.record({
        principal,
        at: req.arrivedAt,
        requestId: req.requestId,
        method: req.method,
        rota: req.logRota ?? req.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        codigo: req.logCodigo,
        durationMs: reply.elapsedTime,
        notaId: ids?.notaId ?? null,
        loteId: ids?.loteId ?? null,
        empresaId: ids?.empresaId ?? null,
      });
    }
    done();
  });

  // Malformed JSON is the caller's error (400 requisicao_invalida), never a 500. Fastify's own parser is kept
  // for its __proto__/constructor poisoning checks, but its string registration for application/json would
  // win over a pattern, so it is replaced by one parser for application/json and every +json type.
  const secureJson = app.getDefaultJsonParser('error', 'error');
  // No route takes text/plain: without its default parser such a body is 415, not a JSON parse error.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(/^application\/(.+\+)?json/, { parseAs: 'string' }, (req, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    secureJson(req, String(body), (err, value) => {
      if (!err) return done(null, value);
      // Fastify reports both failures alike; JSON that plain JSON.parse reads was refused for a forbidden key.
      done(parsesAsJson(String(body)) ? prototypeKey() : invalidJson(), undefined);
    });
  });
  await app.register(multipart, { limits: { fileSize: LOTES_SHEET_LIMIT, files: 1, fields: 50, fieldSize: MB } });

  app.setErrorHandler((error, req, reply) => sendError(toEngineError(error, engine), req, reply, docsUrl));
  app.setNotFoundHandler((req, reply) =>
    sendError(
      new EngineError('rota_nao_encontrada', 'Rota não encontrada.', { correcao: 'Confira o método e o caminho.' }),
      req,
      reply,
      docsUrl,
    ),
  );

  const metrics = options.metrics;
  if (metrics) {
    // The route template, never the raw URL: ids in paths would make a series per note. A /v1 call is labelled
    // with the API's own template (`/v1/nfse/{id}`), as the request log keeps it; Fastify's is `/v1/*` for all
    // of them. A callback hook, not an async one: it spares a promise per request (bench/metrics.ts).
    app.addHook('onResponse', (req, reply, done) => {
      metrics.registry.observeRequest(
        req.logRota ?? req.routeOptions.url ?? 'unmatched',
        req.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    // Without a token the main port never serves metrics (only METRICS_PORT does, if set).
    if (metrics.token !== null) {
      const token = metrics.token;
      app.get('/metrics', async (req, reply) => {
        if (!metricsAuthorized(req.headers.authorization, token)) {
          return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
        }
        return reply.type(metrics.registry.contentType).send(await metrics.registry.render());
      });
    }
  }

  app.get('/healthz', async (_req, reply) => {
    try {
      await options.healthcheck();
    } catch (err) {
      engine.logger.error({ err }, 'healthcheck failed');
      throw new EngineError('servico_indisponivel', 'O banco de dados não responde.', {
        correcao: 'Tente de novo em instantes.',
      });
    }
    return reply.send({ status: 'ok' });
  });

  const yoga = createGraphqlHttp(app, options.schema, engine);
  const painelYoga = registerPainel(app, {
    engine,
    schema: options.schema,
    dir: options.painel.dir,
    rateLimiter: options.rateLimiter,
  });

  // Multipart bodies are streamed by the handler, past Fastify's bodyLimit: the file limit is set per route, and
  // a route's large files (spreadsheets) are spooled to disk, not held in memory, until the call ends.
  const handleApi = (fileLimit: number, spool: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    const body = req.isMultipart() ? await readMultipart(req, fileLimit, spool) : req.body;
    try {
      return await answerApi(req, reply, body);
    } finally {
      await removeUploads(body);
    }
  };
  const answerApi = async (req: FastifyRequest, reply: FastifyReply, body: unknown) => {
    const call: RestCall = {
      method: req.method,
      path: req.url.split('?')[0]!,
      query: req.query as Record<string, string>,
      headers: req.headers,
      body,
      principal: req.principal!,
      requestId: req.requestId,
    };
    let result;
    try {
      result = await rest.handle(call);
      req.logIds = touchedIds(call.matched, body, result.body);
    } catch (err) {
      // An error's note (422 nfse_rejeitada, 409 referencia_duplicada) is still the note the call touched.
      req.logIds = touchedIds(call.matched, body, isEngineError(err) ? err.extra : null);
      throw err;
    } finally {
      req.logRota = call.matched?.rota ?? null;
    }
    reply.status(result.status);
    if (result.headers) reply.headers(result.headers);
    if (result.body === undefined || result.status === 204) return reply.send();
    if (result.contentType) return reply.type(result.contentType).send(result.body);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result.body));
  };
  for (const url of ['/v1/lotes', '/v1/lotes/*'])
    app.all(url, { bodyLimit: LOTES_JSON_LIMIT }, handleApi(LOTES_SHEET_LIMIT, true));
  app.all('/v1/*', handleApi(BODY_LIMIT, false));

  return { app, yoga, painelYoga };
}

function toEngineError(error: unknown, engine: EngineDeps): EngineError {
  if (isEngineError(error)) return error;
  const code = (error as { code?: string }).code;
  const status = (error as { statusCode?: number }).statusCode;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
    return new EngineError('corpo_muito_grande', 'O corpo da requisição passa do limite desta rota.', {
      correcao: 'Corpos até 2 MB; em POST /v1/lotes JSON até 30 MB e planilha até 20 MB. Divida o envio.',
    });
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
    return new EngineError('tipo_de_conteudo_invalido', 'Content-Type não aceito.', {
      correcao: 'Envie application/json (ou multipart/form-data onde a rota aceita).',
    });
  }
  if (status && status >= 400 && status < 500) {
    return new EngineError('requisicao_invalida', 'Requisição malformada.', {
      correcao: 'Confira cabeçalhos e corpo.',
    });
  }
  engine.logger.error({ err: error }, 'unexpected error');
  return new EngineError('erro_interno', 'Erro interno. Repita a chamada com o mesmo Idempotency-Key.', {
    cause: error,
  });
}

function sendError(err: EngineError, req: FastifyRequest, reply: FastifyReply, docsUrl: string) {
  const { status, contentType, body } = errorResponse(err, req.url, req.requestId || req.id, docsUrl);
  req.logCodigo = err.codigo;
  reply.header('x-request-id', req.requestId || req.id);
  return reply.status(status).type(contentType).send(JSON.stringify(body));
}
