import type { RestOperation } from '../rest-operation.js';

/** `GET /v1/nfe/{id}/xml` → the procNFe, application/xml (409 `nfe_sem_documento` before authorisation). */
export const getNfeXml: RestOperation = {
  document: `query($id: String!) { nfeXml(id: $id) { __typename ... on NfeXml { nfeId xml } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
  raw: (data) => ({ contentType: 'application/xml; charset=utf-8', body: String(data.xml) }),
};
