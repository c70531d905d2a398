import type { RestOperation } from '../rest-operation.js';
import { NFSE_RESULT } from './nfse-fields.js';

export const confirmNfse: RestOperation = {
  document: `mutation($id: String!, $competencia: String) { confirmNfse(id: $id, competencia: $competencia) { ${NFSE_RESULT} } }`,
  toVariables: (req) => {
    const body = (req.body ?? {}) as { competencia?: string };
    return { id: req.params.id, competencia: body.competencia ?? null };
  },
  successStatus: 200,
};
