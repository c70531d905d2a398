import { parseProdutoInput } from '../../engine/produtos/produto-input.js';
import type { RestOperation } from '../operation.js';
import { PRODUTO_RESULT, produtoVariables, withoutNullTaxMembers } from './produto-fields.js';

export const createProduto: RestOperation = {
  document: `mutation($input: CreateProdutoInput!) { createProduto(input: $input) { ${PRODUTO_RESULT} } }`,
  // The body is checked here so that a wrong type is a 422 naming the member, not a GraphQL coercion failure.
  toVariables: (req) => ({ input: produtoVariables(parseProdutoInput(req.body)) }),
  toBody: withoutNullTaxMembers,
  successStatus: 201,
  idempotent: true,
};
