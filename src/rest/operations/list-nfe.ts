import { nfeStatusParam } from '../../engine/nfe/list-nfe.js';
import { pageSizeParam, connectionPage } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { NFE_FIELDS } from './nfe-fields.js';

// The filter is spelled out member by member: an input-object variable would be taken for the body (prepared-document.ts).
export const listNfe: RestOperation = {
  document: `query($cursor: String, $limite: Int, $status: [NfeStatus!], $empresaId: ID, $desde: String, $ate: String, $referencia: String) {
    nfes(after: $cursor, first: $limite, filtro: { status: $status, empresaId: $empresaId, desde: $desde, ate: $ate, referenciaPrefixo: $referencia }) {
    pageInfo { hasNextPage endCursor } edges { node { ${NFE_FIELDS} } } } }`,
  toVariables: (req) => {
    const q = (name: string) => (req.query[name] as string | undefined) ?? null;
    return {
      cursor: q('cursor'),
      limite: pageSizeParam(req.query.limite),
      status: nfeStatusParam(q('status')),
      empresaId: q('empresa_id'),
      desde: q('desde'),
      ate: q('ate'),
      referencia: q('referencia'),
    };
  },
  toBody: (data) => {
    const page = connectionPage(data);
    return { dados: page.nodes, proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
