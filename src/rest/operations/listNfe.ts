import type { RestOperation } from '../operation.js';
import { NFE_FIELDS } from './nfe-fields.js';

export const listNfe: RestOperation = {
  document: `query($cursor: String, $limite: String) { nfes(cursor: $cursor, limite: $limite) {
    __typename ... on NfePage { proximoCursor dados { ${NFE_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: (req.query.limite as string | undefined) ?? null,
  }),
  successStatus: 200,
};
