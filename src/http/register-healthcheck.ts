import type { FastifyInstance } from 'fastify';
import type { EngineDeps } from '../engine/engine-deps.js';
import { EngineError } from '../engine/errors.js';

export interface HealthcheckOptions {
  /** Rejects when the database does not answer (within a bound of its own). */
  healthcheck: () => Promise<void>;
  /** Redis as the process sees it: absent without REDIS_URL, up, or down (its calls skipped). */
  redisState?: () => 'absent' | 'up' | 'down';
  /** True once the process is stopping: it still serves, but the load balancer should send nothing new. */
  draining?: () => boolean;
  deps: Pick<EngineDeps, 'logger'>;
}

/**
 * GET /healthz: liveness, 200 while the database answers, else 503 servico_indisponivel (the cause is logged).
 * Redis is not asked: without it the process still serves, so its absence must not get the process restarted.
 * GET /readyz: what this process depends on, `banco` and `redis` ("ok", "fora", or "ausente" for Redis without
 * REDIS_URL); 503 when the database is down or the process is draining before a stop (status "encerrando"), 200
 * "degradado" when only Redis is down.
 */
export function registerHealthcheck(app: FastifyInstance, options: HealthcheckOptions): void {
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
  app.get('/readyz', async (_req, reply) => {
    const banco = await options.healthcheck().then(
      () => 'ok' as const,
      (err: unknown) => {
        options.deps.logger.error({ err }, 'readiness: database down');
        return 'fora' as const;
      },
    );
    const redisState = options.redisState?.() ?? 'absent';
    const redis = redisState === 'up' ? 'ok' : redisState === 'down' ? 'fora' : 'ausente';
    if (options.draining?.()) return reply.status(503).send({ status: 'encerrando', banco, redis });
    const status = banco === 'fora' ? 'indisponivel' : redis === 'fora' ? 'degradado' : 'ok';
    return reply.status(banco === 'ok' ? 200 : 503).send({ status, banco, redis });
  });
}
