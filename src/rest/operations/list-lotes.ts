import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { LOTE_FIELDS } from './lote-fields.js';

export const listLotes: RestOperation = {
  document: `query($cursor: String, $limite: Int) { lotes(after: $cursor, first: $limite) {
    pageInfo { hasNextPage endCursor } edges { node { ${LOTE_FIELDS} } } } }`,
  toVariables: (req) => ({
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: pageSizeParam(req.query.limite),
  }),
  toBody: (data) => {
    const page = connectionPage(data);
    return { dados: page.nodes, proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
