import { pageSizeParam, connectionPage } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { NFE_INUTILIZACAO_FIELDS } from './nfe-fields.js';

export const listNfeInutilizacoes: RestOperation = {
  document: `query($cursor: String, $limite: Int, $empresaId: ID) { nfeInutilizacoes(after: $cursor, first: $limite, empresaId: $empresaId) {
    pageInfo { hasNextPage endCursor } edges { node { ${NFE_INUTILIZACAO_FIELDS} } } } }`,
  toVariables: (req) => ({
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: pageSizeParam(req.query.limite),
    empresaId: (req.query.empresa_id as string | undefined) ?? null,
  }),
  toBody: (data) => {
    const page = connectionPage(data);
    return { dados: page.nodes, proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
