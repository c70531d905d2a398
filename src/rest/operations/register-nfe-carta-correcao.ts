import { cartaCorrecaoBody } from '../../engine/nfe/carta-correcao-body.js';
import type { RestOperation } from '../rest-operation.js';
import { NFE_EVENTO_FIELDS, NFE_FIELDS } from './nfe-fields.js';

/** `POST /v1/nfe/{id}/carta-correcao` → `{nfe, carta_correcao, aviso}` (201). */
export const registerNfeCartaCorrecao: RestOperation = {
  document: `mutation($id: String!, $input: NfeCartaCorrecaoInput!, $simular: String) {
    registerNfeCartaCorrecao(id: $id, input: $input, simular: $simular) {
      __typename ... on NfeCartaCorrecaoPayload { nfe { ${NFE_FIELDS} } cartaCorrecao { ${NFE_EVENTO_FIELDS} } aviso { codigo mensagem } }
      ...DomainErrorFields } }`,
  toVariables: (req) => ({
    id: req.params.id,
    input: req.body ?? null,
    simular: (req.headers['x-service-simular'] as string | undefined) ?? null,
  }),
  body: cartaCorrecaoBody,
  toBody: (data) => ({ nfe: data.nfe, carta_correcao: data.carta_correcao, aviso: data.aviso }),
  successStatus: 201,
  idempotent: true,
};
