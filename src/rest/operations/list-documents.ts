import { camelKeys } from '../camel-keys.js';
import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { query } from './catalogue-body.js';
import { DOCUMENT_FIELDS } from './document-fields.js';

/** `GET /v1/documents` → `{itens, proximoCursor}` in camelCase. Unknown query parameters are 400. */
export const listDocuments: RestOperation = {
  document: `query($cursor: String, $limite: Int, $empresaId: String, $tipo: ReceivedDocumentType, $papel: ReceivedDocumentRole, $de: String, $ate: String) {
    documents(after: $cursor, first: $limite, empresaId: $empresaId, tipo: $tipo, papel: $papel, de: $de, ate: $ate) {
    pageInfo { hasNextPage endCursor } edges { node { ${DOCUMENT_FIELDS} } } } }`,
  toVariables: (req) => ({
    cursor: query(req, 'cursor'),
    limite: pageSizeParam(req.query.limite),
    empresaId: query(req, 'empresa_id'),
    tipo: query(req, 'tipo'),
    papel: query(req, 'papel'),
    de: query(req, 'de'),
    ate: query(req, 'ate'),
  }),
  toBody: (data) => {
    const page = connectionPage(data);
    return camelKeys({ itens: page.nodes, proximoCursor: page.proximoCursor });
  },
  successStatus: 200,
};
