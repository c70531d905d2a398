import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';

/**
 * The log's connection; `proximo_cursor` is the connection's own, present even on an empty page. `empresa_id`
 * keeps one company's events (checked against a restricted key like every company filter).
 */
export const listEvents: RestOperation = {
  document: `query($apos: String, $limite: Int, $empresaId: ID) { eventos(after: $apos, first: $limite, empresaId: $empresaId) {
    proximoCursor pageInfo { hasNextPage endCursor } edges { node { id tipo ambiente criadoEm dados } } } }`,
  toVariables: (req) => ({
    apos: (req.query.apos as string | undefined) ?? null,
    limite: pageSizeParam(req.query.limite),
    empresaId: (req.query.empresa_id as string | undefined) || null,
  }),
  toBody: (data) => ({ eventos: connectionPage(data).nodes, proximo_cursor: data.proximo_cursor }),
  successStatus: 200,
};
