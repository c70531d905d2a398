import type { RestOperation } from '../rest-operation.js';

/** `GET /v1/nfse/{id}/xml` → application/xml (404 `nao_encontrado` before authorisation). */
export const getNfseXml: RestOperation = {
  document: `query($id: String!, $empresaId: ID) {
    nfseXml(id: $id, empresaId: $empresaId) { __typename ... on NfseXml { nfseId xml } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id, empresaId: (req.query.empresa_id as string | undefined) ?? null }),
  successStatus: 200,
  raw: (data) => ({ contentType: 'application/xml; charset=utf-8', body: String(data.xml) }),
};
