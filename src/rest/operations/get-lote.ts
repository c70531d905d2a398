import type { RestOperation } from '../rest-operation.js';
import { LOTE_RESULT } from './lote-fields.js';

export const getLote: RestOperation = {
  document: `query($id: String!) { lote(id: $id) { ${LOTE_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
};
