import type { RestOperation } from '../rest-operation.js';
import { NFE_RESULT } from './nfe-fields.js';

/** `POST /v1/nfe/{id}/descarte` → the note `descartada` (200). */
export const discardNfe: RestOperation = {
  document: `mutation($id: String!) { discardNfe(id: $id) { ${NFE_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
};
