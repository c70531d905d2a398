import { createProdutoBody } from '../../engine/produtos/create-produto-body.js';
import type { RestOperation } from '../rest-operation.js';
import { PRODUTO_RESULT, withoutNullTaxMembers } from './produto-fields.js';

export const createProduto: RestOperation = {
  document: `mutation($input: CreateProdutoInput!) { createProduto(input: $input) { ${PRODUTO_RESULT} } }`,
  toVariables: (req) => ({ input: req.body ?? null }),
  body: createProdutoBody,
  toBody: withoutNullTaxMembers,
  successStatus: 201,
  idempotent: true,
};
