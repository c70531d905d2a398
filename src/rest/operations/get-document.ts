import { camelKeys } from '../camel-keys.js';
import type { RestOperation } from '../rest-operation.js';
import { DOCUMENT_DETAIL_FIELDS, DOCUMENT_FIELDS } from './document-fields.js';

/** `GET /v1/documents/{id}`: the full document with its events and manifestations, camelCase. */
export const getDocument: RestOperation = {
  document: `query($id: String!) { document(id: $id) {
    __typename ... on ReceivedDocument { ${DOCUMENT_FIELDS} ${DOCUMENT_DETAIL_FIELDS} } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  toBody: (data) => camelKeys(data),
  successStatus: 200,
};
