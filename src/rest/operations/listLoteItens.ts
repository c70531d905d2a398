import type { RestOperation } from '../operation.js';
import { LOTE_ITEM_FIELDS } from './lote-fields.js';

export const listLoteItens: RestOperation = {
  document: `query($id: String!, $cursor: String, $limite: String, $status: String) {
    loteItens(id: $id, cursor: $cursor, limite: $limite, status: $status) {
      __typename ... on LoteItemPage { proximoCursor dados { ${LOTE_ITEM_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    id: req.params.id,
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: (req.query.limite as string | undefined) ?? null,
    status: (req.query.status as string | undefined) ?? null,
  }),
  successStatus: 200,
};
