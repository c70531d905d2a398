import type { RestOperation } from '../rest-operation.js';

/** `GET /v1/nfe/{id}/pdf` → the DANFE, application/pdf (409 `nfe_sem_documento` before authorisation). */
export const getNfePdf: RestOperation = {
  document: `query($id: String!) { nfeDanfe(id: $id) { __typename ... on NfeDanfe { nfeId pdfBase64 } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
  raw: (data) => ({ contentType: 'application/pdf', body: Buffer.from(String(data.pdf_base64), 'base64') }),
};
