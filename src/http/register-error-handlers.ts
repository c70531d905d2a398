import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EngineError, isEngineError } from '../engine/errors.js';
import { errorResponse } from '../rest/error-response.js';

/** Every error and unknown route answered in its route family's format (problem+json for /v1), with the request id. */
export function registerErrorHandlers(app: FastifyInstance, options: { docsUrl: string }): void {
  const { docsUrl } = options;
  app.setErrorHandler((error, req, reply) => sendError(toEngineError(error, req.log), req, reply, docsUrl));
  app.setNotFoundHandler((req, reply) =>
    sendError(
      new EngineError('rota_nao_encontrada', 'Rota não encontrada.', { correcao: 'Confira o método e o caminho.' }),
      req,
      reply,
      docsUrl,
    ),
  );
}

/** `log`: the request's own logger, whose lines carry its request id. */
function toEngineError(error: unknown, log: FastifyBaseLogger): EngineError {
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
  log.error({ err: error }, 'unexpected error');
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
