import { nfeBody } from '../../engine/nfe/nfe-body.js';
import type { RestOperation } from '../rest-operation.js';

/** `POST /v1/nfe/previa`: the XML and DANFE an issuance request would produce; nothing stored, nothing sent. */
export const previewNfe: RestOperation = {
  document: `mutation($input: NfeInput!) { previewNfe(input: $input) {
    __typename
    ... on NfePreview { serie numero chaveAcesso valorTotal ajustes { campo acao motivo regra versao fonte valor enviado regrasEmpresa { id descricao } } xml danfePdfBase64 }
    ...DomainErrorFields } }`,
  toVariables: (req) => ({ input: req.body ?? null }),
  body: nfeBody,
  successStatus: 200,
};
