import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';

/** The log's connection; `proximo_cursor` is the connection's own, present even on an empty page. */
export const listEvents: RestOperation = {
  document: `query($apos: String, $limite: Int) { eventos(after: $apos, first: $limite) {
    proximoCursor pageInfo { hasNextPage endCursor } edges { node { id tipo ambiente criadoEm dados } } } }`,
  toVariables: (req) => ({
    apos: (req.query.apos as string | undefined) ?? null,
    limite: pageSizeParam(req.query.limite),
  }),
  toBody: (data) => ({ eventos: connectionPage(data).nodes, proximo_cursor: data.proximo_cursor }),
  successStatus: 200,
};
