import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EngineError, isEngineError } from '../engine/errors.js';
import type { Clock } from '../engine/nucleo/clock.js';
import { RATE_LIMIT_PER_MINUTE, type RateLimiter } from '../engine/nucleo/rate-limiter.js';
import type { RestApi, RestCall } from '../rest/rest-api.js';
import { touchedIds } from '../rest/touched-ids.js';
import { readMultipart, removeUploads } from './read-multipart.js';

const MB = 1024 * 1024;
// 2 MB bodies; POST /v1/lotes up to 30 MB as JSON and 20 MB as a spreadsheet.
export const BODY_LIMIT = 2 * MB;
export const LOTES_JSON_LIMIT = 30 * MB;
export const LOTES_SHEET_LIMIT = 20 * MB;
/** The multipart limits of every route; the file size is narrowed per route by readMultipart. */
export const MULTIPART_LIMITS = { fileSize: LOTES_SHEET_LIMIT, files: 1, fields: 50, fieldSize: MB };

/** The `/v1` routes: each call handed to the REST facade with its principal, its answer sent as the facade built it. */
export function registerApiRoutes(
  app: FastifyInstance,
  rest: Pick<RestApi, 'handle'>,
  budget: { rateLimiter: RateLimiter; clock: Clock },
): void {
  // Multipart bodies are streamed by the handler, past Fastify's bodyLimit: the file limit is set per route, and
  // a route's large files (spreadsheets) are spooled to disk, not held in memory, until the call ends.
  const handleApi = (fileLimit: number, spool: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    const body = req.isMultipart() ? await readMultipart(req, fileLimit, spool) : req.body;
    try {
      return await answerApi(rest, req, reply, body, budget);
    } finally {
      await removeUploads(body);
    }
  };
  for (const url of ['/v1/lotes', '/v1/lotes/*'])
    app.all(url, { bodyLimit: LOTES_JSON_LIMIT }, handleApi(LOTES_SHEET_LIMIT, true));
  app.all('/v1/*', handleApi(BODY_LIMIT, false));
}

async function answerApi(
  rest: Pick<RestApi, 'handle'>,
  req: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  budget: { rateLimiter: RateLimiter; clock: Clock },
) {
  const principal = req.principal!;
  const call: RestCall = {
    method: req.method,
    path: req.url.split('?')[0]!,
    query: req.query as Record<string, string>,
    headers: req.headers,
    body,
    principal,
    requestId: req.requestId,
    // The key's minute, the same count its requests and GraphQL documents spend.
    charge: async (units) => {
      const spent = await budget.rateLimiter.hit(principal.apiKeyId!, budget.clock.now(), units);
      if (spent > RATE_LIMIT_PER_MINUTE) {
        throw new EngineError(
          'limite_de_requisicoes',
          `Esta exportação custa ${units} requisições e passaria de ${RATE_LIMIT_PER_MINUTE} neste minuto com esta chave.`,
          { correcao: 'Espere o próximo minuto do relógio, ou exporte menos notas por vez.' },
        );
      }
    },
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
}
