import { connectionPage } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { COMPANY_FIELDS } from './company-fields.js';

/** The whole list (no `first`): GET /v1/companies is not paginated. */
export const listCompanies: RestOperation = {
  document: `query { companies { pageInfo { hasNextPage endCursor } edges { node { ${COMPANY_FIELDS} } } } }`,
  toVariables: () => ({}),
  toBody: (data) => connectionPage(data).nodes,
  successStatus: 200,
};
