import type { RestOperation } from '../rest-operation.js';
import { COMPANY_RESULT } from './company-fields.js';

export const getCompany: RestOperation = {
  document: `query($id: ID!) { company(id: $id) { ${COMPANY_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
};
