import { EngineError } from '../../engine/errors.js';
import type { RestOperation } from '../rest-operation.js';

const LOGO_FIELDS = 'empresaId tipo largura altura bytes atualizadoEm';

/** JSON `{arquivo: <base64>}`; multipart (file field `arquivo`) arrives here already turned into the same shape. */
export const setCompanyLogo: RestOperation = {
  document: `mutation($id: ID!, $arquivo: String!) {
    setCompanyLogo(id: $id, arquivo: $arquivo) { __typename ... on CompanyLogo { ${LOGO_FIELDS} } ...DomainErrorFields } }`,
  toVariables: (req) => {
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    // A required string; name the field (422) instead of failing the document.
    if (typeof body.arquivo !== 'string') {
      const missing = body.arquivo === undefined || body.arquivo === null;
      throw new EngineError('validacao', 'A requisição tem campos inválidos.', {
        extra: {
          erros: [
            {
              codigo: missing ? 'campo_obrigatorio' : 'tipo_invalido',
              campo: '/arquivo',
              mensagem: missing ? 'campo obrigatório' : 'deve ser texto',
              correcao: 'Envie a imagem PNG ou JPEG em base64 no campo arquivo, ou como arquivo multipart.',
            },
          ],
        },
      });
    }
    return { id: req.params.id, arquivo: body.arquivo };
  },
  successStatus: 200,
};
