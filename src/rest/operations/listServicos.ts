import type { RestOperation } from '../operation.js';
import { query, SERVICO_FIELDS } from './catalogue-fields.js';

export const listServicos: RestOperation = {
  document: `query($q: String, $cursor: String, $limite: String) { servicos(q: $q, cursor: $cursor, limite: $limite) {
    __typename ... on ServicoPage { versao fonte proximoCursor itens { ${SERVICO_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => ({ q: query(req, 'q'), cursor: query(req, 'cursor'), limite: query(req, 'limite') }),
  successStatus: 200,
};
