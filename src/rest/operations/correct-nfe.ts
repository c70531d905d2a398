import { nfeBody } from '../../engine/nfe/nfe-body.js';
import type { RestOperation } from '../rest-operation.js';
import { issuanceVariables } from './issue-nfse.js';
import { NFE_RESULT } from './nfe-fields.js';

/** `POST /v1/nfe/{id}/correcao`: the corrected request, answered as `POST /v1/nfe` (201, 202, 422). */
export const correctNfe: RestOperation = {
  document: `mutation($id: String!, $input: NfeInput!, $simular: String, $wait: Float) {
    correctNfe(id: $id, input: $input, simular: $simular, waitSeconds: $wait) { ${NFE_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id, ...issuanceVariables(req) }),
  body: nfeBody,
  successStatus: (data) => (data.status === 'autorizada' ? 201 : 202),
  idempotent: true,
};
