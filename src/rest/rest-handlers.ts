import type { Context, Handler } from 'openapi-backend';
import { EngineError, parameterError } from '../engine/errors.js';
import { describeParameterError } from './describe-parameter-error.js';
import { refuseUnsafeParameters } from './refuse-unsafe-parameters.js';
import type { RestCall, RestResult } from './rest-api.js';
import type { MatchedRoute } from './touched-ids.js';

export type RestHandler = (c: Context, call: RestCall) => Promise<RestResult>;

/** The route openapi-backend matched, as the request log keeps it. */
export const matchedRoute = (c: Context): MatchedRoute => ({
  rota: c.operation.path,
  params: (c.request.params ?? {}) as Record<string, string>,
});

/**
 * openapi-backend's handlers: one per operation, and the four it calls instead of them (invalid parameters, an
 * unknown route, a missing key, a wrong method), each answering with the API's own error.
 */
export function restHandlers(
  operationIds: string[],
  run: (operationId: string, c: Context, call: RestCall) => Promise<RestResult>,
): Record<string, Handler> {
  const handlers: Record<string, RestHandler> = {};
  for (const operationId of operationIds) {
    handlers[operationId] = async (c, call) => {
      refuseUnsafeParameters(c);
      return run(operationId, c, call);
    };
  }
  return {
    ...handlers,
    validationFail: (c: Context, call: RestCall) => failValidation(c, call, run),
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
  };
}

/** Parameters that openapi.yaml refuses are 400 parametro_invalido; the problems the engine judges run the operation. */
function failValidation(
  c: Context,
  call: RestCall,
  run: (operationId: string, c: Context, call: RestCall) => Promise<RestResult>,
): Promise<RestResult> {
  call.matched = matchedRoute(c);
  refuseUnsafeParameters(c);
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
}
