import type { RestOperation } from '../rest-operation.js';

/** `GET /v1/nfe/{id}/eventos/{evento_id}/xml` → the procEventoNFe, application/xml. */
export const getNfeEventoXml: RestOperation = {
  document: `query($id: String!, $eventoId: String!) {
    nfeEventoXml(id: $id, eventoId: $eventoId) { __typename ... on NfeEventoXml { xml } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id, eventoId: req.params.evento_id }),
  successStatus: 200,
  raw: (data) => ({ contentType: 'application/xml; charset=utf-8', body: String(data.xml) }),
};
