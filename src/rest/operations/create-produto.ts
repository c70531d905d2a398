import type { RestOperation } from '../rest-operation.js';
import { PRODUTO_RESULT, withoutNullTaxMembers } from './produto-fields.js';

export const createProduto: RestOperation = {
  document: `mutation($input: CreateProdutoInput!) { createProduto(input: $input) { ${PRODUTO_RESULT} } }`,
  toVariables: (req) => ({ input: req.body ?? null }),
  toBody: withoutNullTaxMembers,
  successStatus: 201,
  idempotent: true,
};
