import { EngineError, type ErrorItem } from '../../engine/errors.js';
import type { RestOperation } from '../rest-operation.js';
import { COMPANY_RESULT } from './company-fields.js';

/** JSON `{arquivo: <base64>, senha}`; multipart arrives here already turned into the same shape. */
export const uploadCertificate: RestOperation = {
  document: `mutation($id: ID!, $arquivo: String!, $senha: String!) {
    uploadCertificate(id: $id, arquivo: $arquivo, senha: $senha) { ${COMPANY_RESULT} } }`,
  toVariables: (req) => {
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    // Both members are required strings; name the missing field (422) instead of failing the document.
    const erros: ErrorItem[] = [];
    for (const campo of ['arquivo', 'senha'] as const) {
      if (typeof body[campo] === 'string') continue;
      erros.push(
        body[campo] === undefined || body[campo] === null
          ? {
              codigo: 'campo_obrigatorio',
              campo: `/${campo}`,
              mensagem: 'campo obrigatório',
              correcao: `Informe ${campo}.`,
            }
          : {
              codigo: 'tipo_invalido',
              campo: `/${campo}`,
              mensagem: 'deve ser texto',
              correcao: `Envie ${campo} como string.`,
            },
      );
    }
    if (erros.length) throw new EngineError('validacao', 'A requisição tem campos inválidos.', { extra: { erros } });
    return { id: req.params.id, arquivo: body.arquivo, senha: body.senha };
  },
  successStatus: 200,
};
