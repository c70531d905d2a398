import { reprocessLoteBody } from '../../engine/lotes/reprocess-lote-body.js';
import type { RestOperation } from '../rest-operation.js';
import { LOTE_RESULT } from './lote-fields.js';

export const reprocessLote: RestOperation = {
  document: `mutation($id: String!, $input: LoteReprocessamentoInput!) { reprocessLote(id: $id, input: $input) { ${LOTE_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id, input: req.body ?? {} }),
  body: reprocessLoteBody,
  successStatus: 200,
};
