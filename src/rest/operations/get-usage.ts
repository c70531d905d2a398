import type { RestOperation } from '../rest-operation.js';

/** `GET /v1/usage`: consumption of the current cycle (test keys may read it). */
export const getUsage: RestOperation = {
  document: `query { usage { ciclo inicio fim notasEmitidas { sandbox producao } nfeEmitidas { sandbox producao } documentosRecebidos { nfse nfe cte }
    requisicoes { sandbox producao } lotes { sandbox producao } } }`,
  toVariables: () => ({}),
  successStatus: 200,
};
