import type { RestOperation } from '../rest-operation.js';

/** `GET /v1/account`: the account of the calling key, its plan state, owner e-mail and the limits in force. */
export const getAccount: RestOperation = {
  document: `query { account { id nome plano email ambiente criadoEm limites {
    requisicoesPorMinuto itensPorLote corpoMaximoBytes loteJsonMaximoBytes lotePlanilhaMaximoBytes
    referenciaMaximoCaracteres retencaoEventosDias idempotenciaExclusivaHoras } } }`,
  toVariables: () => ({}),
  successStatus: 200,
};
