import type { FastifyInstance } from 'fastify';
import { authenticate } from '../engine/chaves/authenticate.js';
import type { RequestLog } from '../engine/contas/request-log.js';
import type { EngineDeps } from '../engine/engine-deps.js';
import { EngineError } from '../engine/errors.js';
import { RATE_LIMIT_PER_MINUTE, type RateLimiter } from '../engine/nucleo/rate-limiter.js';

export interface KeyAuthenticationOptions {
  deps: Pick<EngineDeps, 'sql' | 'clock'>;
  rateLimiter: RateLimiter;
  requestLog: Pick<RequestLog, 'count'>;
}

/**
 * /v1 and /graphql with a key: the key becomes `req.principal`, then its minute's count is checked. /graphql without
 * an Authorization header goes on without a principal (the schema refuses what needs one); other paths are not
 * the API's.
 */
export function registerKeyAuthentication(app: FastifyInstance, options: KeyAuthenticationOptions): void {
  const { deps, rateLimiter, requestLog } = options;
  app.addHook('onRequest', async (req, reply) => {
    req.requestId = req.id;
    reply.header('x-request-id', req.id);
    const path = req.url.split('?')[0]!;
    const isApi = path.startsWith('/v1/') || path === '/v1';
    const isGraphql = path === '/graphql';
    if (!isApi && !isGraphql) return;
    const authorization = req.headers.authorization;
    if (isGraphql && !authorization) return;
    req.arrivedAt = deps.clock.now();
    const principal = await authenticate(deps, authorization);
    req.principal = principal;
    const count = await rateLimiter.hit(principal.apiKeyId, deps.clock.now());
    if (count > RATE_LIMIT_PER_MINUTE) {
      throw new EngineError('limite_de_requisicoes', 'Mais de 120 requisições neste minuto com esta chave.', {
        correcao: 'Espere o próximo minuto do relógio e repita com o mesmo Idempotency-Key.',
      });
    }
    // GET /v1/usage counts accepted /v1 requests of the cycle: in memory, written with the log.
    if (isApi) requestLog.count(principal, req.arrivedAt);
  });
}
