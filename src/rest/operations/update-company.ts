import { updateCompanyBody } from '../../engine/empresas/update-company-body.js';
import type { RestOperation } from '../rest-operation.js';
import { COMPANY_RESULT } from './company-fields.js';

export const updateCompany: RestOperation = {
  document: `mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) { ${COMPANY_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id, input: req.body ?? null }),
  body: updateCompanyBody,
  successStatus: 200,
};
