import type { RestOperation } from '../rest-operation.js';

/** `GET /v1/nfse/{id}/pdf` → the DANFSe, application/pdf (409 `nfse_sem_pdf` while not authorised). */
export const getNfsePdf: RestOperation = {
  document: `query($id: String!, $empresaId: ID) {
    nfseDanfse(id: $id, empresaId: $empresaId) { __typename ... on NfseDanfse { nfseId chaveAcesso pdfBase64 } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id, empresaId: (req.query.empresa_id as string | undefined) ?? null }),
  successStatus: 200,
  raw: (data) => ({ contentType: 'application/pdf', body: Buffer.from(String(data.pdf_base64), 'base64') }),
};
