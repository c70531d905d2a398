import type { RestOperation } from '../operation.js';
import { MUNICIPIO_FIELDS, query } from './catalogue-fields.js';

export const listMunicipios: RestOperation = {
  document: `query($q: String, $uf: String, $cursor: String, $limite: String) { municipios(q: $q, uf: $uf, cursor: $cursor, limite: $limite) {
    __typename ... on MunicipioPage { versao fonte proximoCursor itens { ${MUNICIPIO_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => ({ q: query(req, 'q'), uf: query(req, 'uf'), cursor: query(req, 'cursor'), limite: query(req, 'limite') }),
  successStatus: 200,
};
