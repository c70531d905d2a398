import type { RestOperation } from '../rest-operation.js';
import { regraOf } from './regra-tributaria-fields.js';

export const deleteRegraTributaria: RestOperation = {
  document: `mutation($empresaId: ID!, $id: ID!) { deleteRegraTributaria(empresaId: $empresaId, id: $id) {
    __typename ... on RegraTributariaRemoved { id } ...DomainErrorFields } }`,
  toVariables: regraOf,
  toBody: () => undefined,
  successStatus: 204,
};
