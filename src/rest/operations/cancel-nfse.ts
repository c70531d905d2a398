import { cancelNfseBody } from '../../engine/nfse/cancel-nfse-body.js';
import type { RestOperation } from '../rest-operation.js';
import { NFSE_RESULT } from './nfse-fields.js';

/** `POST /v1/nfse/{id}/cancelamento` → the note `cancelada` with `cancelamento` (200). */
export const cancelNfse: RestOperation = {
  document: `mutation($id: String!, $input: NfseCancelamentoInput!, $simular: String) {
    cancelNfse(id: $id, input: $input, simular: $simular) { ${NFSE_RESULT} } }`,
  toVariables: (req) => ({
    id: req.params.id,
    input: req.body ?? {},
    simular: (req.headers['x-service-simular'] as string | undefined) ?? null,
  }),
  body: cancelNfseBody,
  successStatus: 200,
};
