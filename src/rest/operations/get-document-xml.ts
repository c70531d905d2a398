import type { RestOperation } from '../rest-operation.js';

/** `GET /v1/documents/{id}/xml` → application/xml, as the distribution delivered it. */
export const getDocumentXml: RestOperation = {
  document: `query($id: String!) { documentXml(id: $id) { __typename ... on ReceivedDocumentXml { id xml } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
  raw: (data) => ({ contentType: 'application/xml; charset=utf-8', body: String(data.xml) }),
};
