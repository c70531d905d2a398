import type { RestOperation } from '../rest-operation.js';
import { COMPANY_RESULT } from './company-fields.js';

export const pauseCompany: RestOperation = {
  document: `mutation($id: ID!) { pauseCompany(id: $id) { ${COMPANY_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
};
