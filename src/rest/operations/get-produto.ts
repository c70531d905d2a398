import type { RestOperation } from '../rest-operation.js';
import { empresaIdOf, PRODUTO_RESULT, withoutNullTaxMembers } from './produto-fields.js';

export const getProduto: RestOperation = {
  document: `query($sku: String!, $empresaId: ID) { produto(sku: $sku, empresaId: $empresaId) { ${PRODUTO_RESULT} } }`,
  toVariables: (req) => ({ sku: req.params.sku, empresaId: empresaIdOf(req) }),
  toBody: withoutNullTaxMembers,
  successStatus: 200,
};
