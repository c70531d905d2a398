import type { RestOperation } from '../operation.js';
import { LOTE_FIELDS } from './lote-fields.js';

export const listLotes: RestOperation = {
  document: `query($cursor: String, $limite: String) { lotes(cursor: $cursor, limite: $limite) {
    __typename ... on LotePage { proximoCursor dados { ${LOTE_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: (req.query.limite as string | undefined) ?? null,
  }),
  successStatus: 200,
};
