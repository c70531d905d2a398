import type { RestOperation } from '../operation.js';
import { NFE_INUTILIZACAO_FIELDS } from './nfe-fields.js';

export const listNfeInutilizacoes: RestOperation = {
  document: `query($cursor: String, $limite: String, $empresaId: String) { nfeInutilizacoes(cursor: $cursor, limite: $limite, empresaId: $empresaId) {
    __typename ... on NfeInutilizacaoPage { proximoCursor dados { ${NFE_INUTILIZACAO_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: (req.query.limite as string | undefined) ?? null,
    empresaId: (req.query.empresa_id as string | undefined) ?? null,
  }),
  successStatus: 200,
};
