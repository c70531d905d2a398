import type { RestOperation } from '../operation.js';
import { PRODUTO_FIELDS, withoutNullTaxMembers } from './produto-fields.js';

export const listProdutos: RestOperation = {
  document: `query($cursor: String, $limite: String, $empresaId: ID, $ncm: String, $skuPrefixo: String) {
    produtos(cursor: $cursor, limite: $limite, empresaId: $empresaId, ncm: $ncm, skuPrefixo: $skuPrefixo) {
      __typename ... on ProdutoPage { proximoCursor dados { ${PRODUTO_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: (req.query.limite as string | undefined) ?? null,
    empresaId: (req.query.empresa_id as string | undefined) ?? null,
    ncm: (req.query.ncm as string | undefined) ?? null,
    skuPrefixo: (req.query.sku_prefixo as string | undefined) ?? null,
  }),
  toBody: (data) => ({ ...data, dados: (data.dados as Array<Record<string, unknown>>).map(withoutNullTaxMembers) }),
  successStatus: 200,
};
