import { nfeStatusParam } from '../../engine/nfe/list-nfe.js';
import { pageSizeParam, connectionPage } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { NFE_FIELDS } from './nfe-fields.js';
import { noteFilterQuery, noteFilterVariables } from './note-filter-query.js';

const filter = noteFilterQuery('NfeStatus');

export const listNfe: RestOperation = {
  document: `query($cursor: String, $limite: Int, ${filter.variables}) {
    nfes(after: $cursor, first: $limite, filtro: ${filter.filtro}) {
    pageInfo { hasNextPage endCursor } edges { node { ${NFE_FIELDS} } } } }`,
  toVariables: (req) => ({
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: pageSizeParam(req.query.limite),
    status: nfeStatusParam(req.query.status as string | undefined),
    ...noteFilterVariables(req),
  }),
  toBody: (data) => {
    const page = connectionPage(data);
    return { dados: page.nodes, proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
