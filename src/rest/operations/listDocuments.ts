import { camelKeys } from '../camel-keys.js';
import type { RestOperation } from '../operation.js';
import { query } from './catalogue-fields.js';
import { DOCUMENT_FIELDS } from './document-fields.js';

/** `GET /v1/documents` → `{itens, proximoCursor}` in camelCase (spec 4.4). Unknown query parameters are 400. */
export const listDocuments: RestOperation = {
  document: `query($cursor: String, $limite: String, $empresaId: String, $tipo: String, $papel: String, $de: String, $ate: String) {
    documents(cursor: $cursor, limite: $limite, empresaId: $empresaId, tipo: $tipo, papel: $papel, de: $de, ate: $ate) {
    __typename ... on ReceivedDocumentPage { proximoCursor itens { ${DOCUMENT_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    cursor: query(req, 'cursor'),
    limite: query(req, 'limite'),
    empresaId: query(req, 'empresa_id'),
    tipo: query(req, 'tipo'),
    papel: query(req, 'papel'),
    de: query(req, 'de'),
    ate: query(req, 'ate'),
  }),
  toBody: (data) => camelKeys(data),
  successStatus: 200,
};
