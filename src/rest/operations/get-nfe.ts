import type { RestOperation } from '../rest-operation.js';
import { NFE_RESULT } from './nfe-fields.js';

export const getNfe: RestOperation = {
  document: `query($id: String!) { nfe(id: $id) { ${NFE_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
};
