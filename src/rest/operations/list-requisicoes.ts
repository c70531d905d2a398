import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';

export const REQUISICAO_FIELDS =
  'id requisicaoId criadoEm ambiente chaveId metodo rota status codigo duracaoMs notaId loteId empresaId';

// The filter is spelled out member by member: an input-object variable would be taken for the body (prepared-document.ts).
/** The 30-day request log: `{dados, proximo_cursor}`, newest first; openapi.yaml has already checked each parameter's form. */
export const listRequisicoes: RestOperation = {
  document: `query($cursor: String, $limite: Int, $desde: String, $ate: String, $status: [Int!], $rota: String, $requisicaoId: String) {
    requisicoes(after: $cursor, first: $limite, filtro: { desde: $desde, ate: $ate, status: $status, rota: $rota, requisicaoId: $requisicaoId }) {
    pageInfo { hasNextPage endCursor } edges { node { ${REQUISICAO_FIELDS} } } } }`,
  toVariables: (req) => {
    const q = (name: string) => (req.query[name] as string | undefined) ?? null;
    const status = q('status');
    return {
      cursor: q('cursor'),
      limite: pageSizeParam(req.query.limite),
      desde: q('desde'),
      ate: q('ate'),
      status: status === null ? null : [Number(status)],
      rota: q('rota'),
      requisicaoId: q('requisicao_id'),
    };
  },
  toBody: (data) => {
    const page = connectionPage(data);
    return { dados: page.nodes, proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
