import type { RestOperation } from '../rest-operation.js';

export const deleteCompany: RestOperation = {
  document: `mutation($id: ID!) { deleteCompany(id: $id) { __typename ... on CompanyRemoved { id } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  toBody: () => undefined,
  successStatus: 204,
};
