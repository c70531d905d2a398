import type { RestOperation } from '../operation.js';
import { NFSE_FIELDS } from './nfse-fields.js';

export const listNfse: RestOperation = {
  document: `query($cursor: String, $limite: String, $status: String) { nfses(cursor: $cursor, limite: $limite, status: $status) {
    __typename ... on NfsePage { proximoCursor dados { ${NFSE_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: (req.query.limite as string | undefined) ?? null,
    status: (req.query.status as string | undefined) ?? null,
  }),
  successStatus: 200,
};
