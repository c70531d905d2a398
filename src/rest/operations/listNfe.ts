import type { RestOperation } from '../operation.js';
import { NFE_FIELDS } from './nfe-fields.js';

export const listNfe: RestOperation = {
  document: `query($cursor: String, $limite: String, $status: String, $empresaId: String, $desde: String, $ate: String, $referencia: String) {
    nfes(cursor: $cursor, limite: $limite, status: $status, empresaId: $empresaId, desde: $desde, ate: $ate, referencia: $referencia) {
    __typename ... on NfePage { proximoCursor dados { ${NFE_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: (req) => {
    const q = (name: string) => (req.query[name] as string | undefined) ?? null;
    return { cursor: q('cursor'), limite: q('limite'), status: q('status'), empresaId: q('empresa_id'), desde: q('desde'), ate: q('ate'), referencia: q('referencia') };
  },
  successStatus: 200,
};
