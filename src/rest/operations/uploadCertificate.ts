import type { RestOperation } from '../operation.js';
import { COMPANY_RESULT } from './company-fields.js';

/** JSON `{arquivo: <base64>, senha}`; multipart arrives here already turned into the same shape. */
export const uploadCertificate: RestOperation = {
  document: `mutation($id: ID!, $arquivo: String!, $senha: String!) {
    uploadCertificate(id: $id, arquivo: $arquivo, senha: $senha) { ${COMPANY_RESULT} } }`,
  toVariables: (req) => {
    const body = req.body as { arquivo: string; senha: string };
    return { id: req.params.id, arquivo: body.arquivo, senha: body.senha };
  },
  successStatus: 200,
};
