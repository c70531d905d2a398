import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { PRODUTO_FIELDS, withoutNullTaxMembers } from './produto-fields.js';

export const listProdutos: RestOperation = {
  document: `query($cursor: String, $limite: Int, $empresaId: ID, $ncm: String, $skuPrefixo: String) {
    produtos(after: $cursor, first: $limite, empresaId: $empresaId, ncm: $ncm, skuPrefixo: $skuPrefixo) {
      pageInfo { hasNextPage endCursor } edges { node { ${PRODUTO_FIELDS} } } } }`,
  toVariables: (req) => ({
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: pageSizeParam(req.query.limite),
    empresaId: (req.query.empresa_id as string | undefined) ?? null,
    ncm: (req.query.ncm as string | undefined) ?? null,
    skuPrefixo: (req.query.sku_prefixo as string | undefined) ?? null,
  }),
  toBody: (data) => {
    const page = connectionPage(data);
    return { dados: page.nodes.map(withoutNullTaxMembers), proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
