import type { FastifyInstance } from 'fastify';
import { EngineError } from '../../engine/errors.js';
import type { RateLimiter } from '../../engine/nucleo/rate-limiter.js';
import type { GraphEngine } from '../../graph/graph-context.js';
import type { RestApi } from '../../rest/rest-api.js';
import { PAINEL_LIMIT_PER_MINUTE } from './register-painel.js';
import { painelBudgetKey } from './painel-budget-key.js';

/**
 * The lists' exports as files: GET /v1/nfse/exportacao and /v1/nfe/exportacao run for the session's account in
 * production, with the same query (formato and the list's filters); their units are charged to the session's
 * minute. A GET, like every download of the panel: it changes nothing, so no CSRF token. The session is checked by
 * registerPainel's onRequest hook, as on every /painel/api/ route.
 */
export function registerPainelExport(
  app: FastifyInstance,
  options: { engine: GraphEngine; rest: Pick<RestApi, 'handle'>; rateLimiter: RateLimiter },
): void {
  const { engine } = options;
  app.get<{ Params: { tipo: string } }>('/painel/api/exportacao/:tipo', async (req, reply) => {
    const { tipo } = req.params;
    if (tipo !== 'nfse' && tipo !== 'nfe') {
      throw new EngineError('rota_nao_encontrada', 'Rota não encontrada.', {
        correcao: 'Use /painel/api/exportacao/nfse ou /painel/api/exportacao/nfe.',
      });
    }
    const sessao = req.painel!;
    const budgetKey = painelBudgetKey(sessao.sessaoId);
    const result = await options.rest.handle({
      method: 'GET',
      path: `/v1/${tipo}/exportacao`,
      query: req.query as Record<string, string>,
      headers: {},
      body: undefined,
      principal: sessao.principal,
      requestId: req.id,
      charge: async (units) => {
        if ((await options.rateLimiter.hit(budgetKey, engine.clock.now(), units)) > PAINEL_LIMIT_PER_MINUTE) {
          throw new EngineError(
            'limite_de_requisicoes',
            `Esta exportação custa ${units} requisições e passaria de ${PAINEL_LIMIT_PER_MINUTE} neste minuto nesta sessão do painel.`,
            { correcao: 'Espere o próximo minuto do relógio, ou exporte menos notas por vez.' },
          );
        }
      },
    });
    reply.status(result.status);
    if (result.headers) reply.headers(result.headers);
    return reply.type(result.contentType ?? 'application/octet-stream').send(result.body);
  });
}
