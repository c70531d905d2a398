import { cancelNfeBody } from '../../engine/nfe/cancel-nfe-body.js';
import type { RestOperation } from '../rest-operation.js';
import { NFE_RESULT } from './nfe-fields.js';

/** `POST /v1/nfe/{id}/cancelamento` → the note `cancelada` with `cancelamento` (200). */
export const cancelNfe: RestOperation = {
  document: `mutation($id: String!, $input: NfeCancelamentoInput!, $simular: String) {
    cancelNfe(id: $id, input: $input, simular: $simular) { ${NFE_RESULT} } }`,
  toVariables: (req) => ({
    id: req.params.id,
    input: req.body ?? null,
    simular: (req.headers['x-service-simular'] as string | undefined) ?? null,
  }),
  body: cancelNfeBody,
  successStatus: 200,
  idempotent: true,
};
