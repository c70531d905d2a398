import type { FastifyInstance } from 'fastify';
import type { EngineDeps } from '../engine/engine-deps.js';
import { EngineError } from '../engine/errors.js';

/** GET /healthz: 200 while the database answers, else 503 servico_indisponivel (the cause is logged). */
export function registerHealthcheck(
  app: FastifyInstance,
  options: { healthcheck: () => Promise<void>; deps: Pick<EngineDeps, 'logger'> },
): void {
  app.get('/healthz', async (_req, reply) => {
    try {
      await options.healthcheck();
    } catch (err) {
      options.deps.logger.error({ err }, 'healthcheck failed');
      throw new EngineError('servico_indisponivel', 'O banco de dados não responde.', {
        correcao: 'Tente de novo em instantes.',
      });
    }
    return reply.send({ status: 'ok' });
  });
}
