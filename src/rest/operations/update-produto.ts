import { updateProdutoBody } from '../../engine/produtos/update-produto-body.js';
import type { RestOperation } from '../rest-operation.js';
import { empresaIdOf, PRODUTO_RESULT, withoutNullTaxMembers } from './produto-fields.js';

export const updateProduto: RestOperation = {
  document: `mutation($sku: String!, $empresaId: ID, $input: UpdateProdutoInput!) {
    updateProduto(sku: $sku, empresaId: $empresaId, input: $input) { ${PRODUTO_RESULT} } }`,
  toVariables: (req) => ({ sku: req.params.sku, empresaId: empresaIdOf(req), input: req.body ?? null }),
  body: updateProdutoBody,
  toBody: withoutNullTaxMembers,
  successStatus: 200,
};
