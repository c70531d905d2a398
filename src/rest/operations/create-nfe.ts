import { nfeBody } from '../../engine/nfe/nfe-body.js';
import type { RestOperation } from '../rest-operation.js';
import { issuanceVariables } from './issue-nfse.js';
import { NFE_RESULT } from './nfe-fields.js';

export const createNfe: RestOperation = {
  document: `mutation($input: NfeInput!, $simular: String, $wait: Float) {
    issueNfe(input: $input, simular: $simular, waitSeconds: $wait) { ${NFE_RESULT} } }`,
  toVariables: issuanceVariables,
  body: nfeBody,
  successStatus: (data) => (data.status === 'autorizada' ? 201 : 202),
  idempotent: true,
};
