import type { RestOperation } from '../rest-operation.js';
import { empresaIdOf } from './produto-fields.js';

export const deleteProduto: RestOperation = {
  document: `mutation($sku: String!, $empresaId: ID) { deleteProduto(sku: $sku, empresaId: $empresaId) {
    __typename ... on ProdutoRemoved { id } ...DomainErrorFields } }`,
  toVariables: (req) => ({ sku: req.params.sku, empresaId: empresaIdOf(req) }),
  toBody: () => undefined,
  successStatus: 204,
};
