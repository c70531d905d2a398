import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';

export const REQUISICAO_FIELDS = 'id requisicaoId criadoEm ambiente chaveId metodo rota status codigo duracaoMs notaId loteId empresaId';

/** The 30-day request log: `{dados, proximo_cursor}`, newest first; openapi.yaml has already checked each parameter's form. */
export const listRequisicoes: RestOperation = {
  document: `query($cursor: String, $limite: Int, $filtro: RequisicoesFiltro) { requisicoes(after: $cursor, first: $limite, filtro: $filtro) {
    pageInfo { hasNextPage endCursor } edges { node { ${REQUISICAO_FIELDS} } } } }`,
  toVariables: (req) => {
    const text = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : null);
    const status = text('status');
    return {
      cursor: text('cursor'),
      limite: pageSizeParam(req.query.limite),
      filtro: { desde: text('desde'), ate: text('ate'), status: status === null ? null : [Number(status)], rota: text('rota'), requisicaoId: text('requisicao_id') },
    };
  },
  toBody: (data) => {
    const page = connectionPage(data);
    return { dados: page.nodes, proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
