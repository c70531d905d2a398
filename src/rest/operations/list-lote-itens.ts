import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { LOTE_ITEM_FIELDS } from './lote-fields.js';

/** The batch's `itens` connection; a batch out of reach is the `lote` field's own DomainError (404). */
export const listLoteItens: RestOperation = {
  document: `query($id: String!, $cursor: String, $limite: Int, $status: LoteItemStatus) { lote(id: $id) {
    __typename ... on Lote { itens(after: $cursor, first: $limite, status: $status) {
      pageInfo { hasNextPage endCursor } edges { node { ${LOTE_ITEM_FIELDS} } } } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    id: req.params.id,
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: pageSizeParam(req.query.limite),
    // The request validator has already refused a status outside the enum (openapi.yaml).
    status: (req.query.status as string | undefined) ?? null,
  }),
  toBody: (data) => {
    const page = connectionPage(data.itens as Record<string, unknown>);
    return { dados: page.nodes, proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
