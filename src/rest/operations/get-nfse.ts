import type { RestOperation } from '../rest-operation.js';
import { NFSE_RESULT } from './nfse-fields.js';

export const getNfse: RestOperation = {
  document: `query($id: String!, $empresaId: ID) { nfse(id: $id, empresaId: $empresaId) { ${NFSE_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id, empresaId: (req.query.empresa_id as string | undefined) ?? null }),
  successStatus: 200,
};
