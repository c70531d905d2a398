import { inutilizeNfeBody } from '../../engine/nfe/inutilize-nfe-body.js';
import type { RestOperation } from '../rest-operation.js';
import { NFE_INUTILIZACAO_FIELDS } from './nfe-fields.js';

/** `POST /v1/nfe/inutilizacoes` → the homologated range (201). */
export const inutilizeNfe: RestOperation = {
  document: `mutation($input: NfeInutilizacaoInput!) { inutilizeNfe(input: $input) {
    __typename ... on NfeInutilizacao { ${NFE_INUTILIZACAO_FIELDS} } ...DomainErrorFields } }`,
  toVariables: (req) => ({ input: req.body ?? null }),
  body: inutilizeNfeBody,
  successStatus: 201,
  idempotent: true,
};
