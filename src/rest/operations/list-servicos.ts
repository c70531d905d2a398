import { pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { catalogueBody, query, SERVICO_FIELDS } from './catalogue-body.js';

export const listServicos: RestOperation = {
  document: `query($q: String, $cursor: String, $limite: Int) { servicos(q: $q, after: $cursor, first: $limite) {
    versao fonte pageInfo { hasNextPage endCursor } edges { node { ${SERVICO_FIELDS} } } } }`,
  toVariables: (req) => ({
    q: query(req, 'q'),
    cursor: query(req, 'cursor'),
    limite: pageSizeParam(query(req, 'limite') ?? undefined),
  }),
  toBody: (data) => catalogueBody(data),
  successStatus: 200,
};
