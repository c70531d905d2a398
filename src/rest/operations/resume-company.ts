import type { RestOperation } from '../rest-operation.js';
import { COMPANY_RESULT } from './company-fields.js';

export const resumeCompany: RestOperation = {
  document: `mutation($id: ID!) { resumeCompany(id: $id) { ${COMPANY_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
};
