import { pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { catalogueBody, MUNICIPIO_FIELDS, query } from './catalogue-body.js';

export const listMunicipios: RestOperation = {
  document: `query($q: String, $uf: String, $cursor: String, $limite: Int) { municipios(q: $q, uf: $uf, after: $cursor, first: $limite) {
    versao fonte pageInfo { hasNextPage endCursor } edges { node { ${MUNICIPIO_FIELDS} } } } }`,
  toVariables: (req) => ({
    q: query(req, 'q'),
    uf: query(req, 'uf'),
    cursor: query(req, 'cursor'),
    limite: pageSizeParam(query(req, 'limite') ?? undefined),
  }),
  toBody: (data) => catalogueBody(data),
  successStatus: 200,
};
