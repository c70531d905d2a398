import { clampedPageSizeParam, connectionPage } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { NFSE_FIELDS } from './nfse-fields.js';
import { noteFilterQuery, noteFilterVariables } from './note-filter-query.js';

const filter = noteFilterQuery('NfseStatus');

export const listNfse: RestOperation = {
  document: `query($cursor: String, $limite: Int, ${filter.variables}) { notas(after: $cursor, first: $limite, filtro: ${filter.filtro}) {
    pageInfo { hasNextPage endCursor } edges { node { ${NFSE_FIELDS} } } } }`,
  toVariables: (req) => {
    const status = req.query.status as string | undefined;
    return {
      cursor: (req.query.cursor as string | undefined) ?? null,
      limite: clampedPageSizeParam(req.query.limite),
      // The request validator has already refused a status outside the enum (openapi.yaml).
      status: status ? [status] : null,
      ...noteFilterVariables(req),
    };
  },
  toBody: (data) => {
    const page = connectionPage(data);
    return { dados: page.nodes, proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
