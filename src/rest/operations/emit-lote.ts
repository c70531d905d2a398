import { emitLoteBody } from '../../engine/lotes/emit-lote-body.js';
import type { RestOperation } from '../rest-operation.js';
import { LOTE_RESULT } from './lote-fields.js';

export const emitLote: RestOperation = {
  document: `mutation($id: String!, $input: LoteEmissaoInput!) { emitLote(id: $id, input: $input) { ${LOTE_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id, input: req.body ?? {} }),
  body: emitLoteBody,
  successStatus: 200,
};
