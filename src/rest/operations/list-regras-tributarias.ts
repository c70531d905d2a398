import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { REGRA_TRIBUTARIA_FIELDS, regraBody } from './regra-tributaria-fields.js';

export const listRegrasTributarias: RestOperation = {
  document: `query($empresaId: ID!, $cursor: String, $limite: Int) {
    regrasTributarias(empresaId: $empresaId, after: $cursor, first: $limite) {
      pageInfo { hasNextPage endCursor } edges { node { ${REGRA_TRIBUTARIA_FIELDS} } } } }`,
  toVariables: (req) => ({
    empresaId: req.params.id,
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: pageSizeParam(req.query.limite),
  }),
  toBody: (data) => {
    const page = connectionPage(data);
    return { dados: page.nodes.map(regraBody), proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
