import { camelKeys } from '../camel-keys.js';
import { manifestDocumentBody } from '../../engine/manifestacao/manifest-document-body.js';
import type { RestOperation } from '../rest-operation.js';
import { DOCUMENT_DETAIL_FIELDS, DOCUMENT_FIELDS } from './document-fields.js';

/** `POST /v1/documents/{id}/manifestacao` → the document with the registered manifestation (200, camelCase). */
export const manifestDocument: RestOperation = {
  document: `mutation($id: String!, $input: ManifestacaoInput!) { manifestDocument(id: $id, input: $input) {
    __typename ... on ReceivedDocument { ${DOCUMENT_FIELDS} ${DOCUMENT_DETAIL_FIELDS} } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id, input: req.body ?? null }),
  body: manifestDocumentBody,
  toBody: (data) => camelKeys(data),
  successStatus: 200,
};
