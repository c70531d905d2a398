import { camelKeys } from '../camel-keys.js';
import type { RestOperation } from '../operation.js';
import { DOCUMENT_FIELDS } from './document-fields.js';

/** `GET /v1/documents/{id}`: the full document with its events, camelCase. */
export const getDocument: RestOperation = {
  document: `query($id: String!) { document(id: $id) {
    __typename ... on ReceivedDocument { ${DOCUMENT_FIELDS} eventos { id tipoEvento nsu ocorridoEm capturadoEm } } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  toBody: (data) => camelKeys(data),
  successStatus: 200,
};
