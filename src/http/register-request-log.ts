import type { FastifyInstance } from 'fastify';
import type { RequestLog } from '../engine/contas/request-log.js';
import { isKeyPrincipal } from '../engine/chaves/principal.js';

/**
 * Every call authenticated by a key, answered or refused (429 included); a call without a valid key belongs to no
 * account, and the operator panel's own calls are not the integration's. A callback hook: nothing here waits, the
 * line is written with the next batch.
 */
export function registerRequestLog(app: FastifyInstance, requestLog: Pick<RequestLog, 'record'>): void {
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
}
