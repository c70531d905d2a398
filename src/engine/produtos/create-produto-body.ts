import * as v from 'valibot';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { invalidProduto } from './invalid-produto.js';
import { optionalText, requiredText } from '../nucleo/text-rules.js';
import { produtoFields, refineProdutoFields } from './produto-fields.js';

/**
 * The body of `POST /v1/produtos` (GraphQL `CreateProdutoInput`): shape and formats; the official tables are
 * checked by `checkProdutoCodes`. `empresaId` may be left out by a key restricted to one company.
 */
export const createProdutoBody = declareBody(
  v.strictObject({
    empresaId: optionalText(36),
    sku: requiredText(60, 'sku'),
    ...produtoFields,
    cest: v.nullish(produtoFields.cest, null),
    gtin: v.nullish(produtoFields.gtin, null),
    tributacao: v.nullish(produtoFields.tributacao, null),
  }),
  refineProdutoFields,
  invalidProduto,
);

export type CreateProdutoBody = BodyOf<typeof createProdutoBody>;
