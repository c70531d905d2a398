import type { RestOperation } from '../operation.js';
import { COMPANY_FIELDS } from './company-fields.js';

export const listCompanies: RestOperation = {
  document: `query { companies { __typename ... on QueryCompaniesSuccess { data { ${COMPANY_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: () => ({}),
  toBody: (data) => data.data,
  successStatus: 200,
};
