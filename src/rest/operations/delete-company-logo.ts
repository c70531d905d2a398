import type { RestOperation } from '../rest-operation.js';

export const deleteCompanyLogo: RestOperation = {
  document: `mutation($id: ID!) { deleteCompanyLogo(id: $id) { __typename ... on CompanyLogoRemoved { id } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  toBody: () => undefined,
  successStatus: 204,
};
