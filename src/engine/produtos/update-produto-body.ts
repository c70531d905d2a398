import * as v from 'valibot';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { invalidProduto } from './invalid-produto.js';
import { produtoFields, refineProdutoFields } from './produto-fields.js';

const fixed = (why: string) => v.optional(v.never(issueMessage(why, 'Remova o campo do corpo.', 'campo_desconhecido')));

/**
 * The body of `PATCH /v1/produtos/{sku}` (GraphQL `UpdateProdutoInput`): only the members sent change; `cest`,
 * `gtin` and `tributacao` may be null to clear them. The SKU and the company never change.
 */
export const updateProdutoBody = declareBody(
  v.strictObject({
    descricao: v.optional(produtoFields.descricao),
    ncm: v.optional(produtoFields.ncm),
    cest: v.optional(produtoFields.cest),
    gtin: v.optional(produtoFields.gtin),
    unidade: v.optional(produtoFields.unidade),
    origem: v.optional(produtoFields.origem),
    tributacao: v.optional(produtoFields.tributacao),
    sku: fixed('o SKU identifica o produto e não muda.'),
    empresaId: fixed('o produto não muda de empresa.'),
  }),
  refineProdutoFields,
  invalidProduto,
);

export type UpdateProdutoBody = BodyOf<typeof updateProdutoBody>;
