import { companyBody } from '../../engine/empresas/company-body.js';
import type { RestOperation } from '../rest-operation.js';
import { COMPANY_RESULT } from './company-fields.js';

export const createCompany: RestOperation = {
  document: `mutation($input: CompanyInput!) { createCompany(input: $input) { ${COMPANY_RESULT} } }`,
  toVariables: (req) => ({ input: req.body }),
  body: companyBody,
  successStatus: 201,
  idempotent: true,
};
