import { createRegraTributariaBody } from '../../engine/regras-tributarias/create-regra-tributaria-body.js';
import type { RestOperation } from '../rest-operation.js';
import { REGRA_TRIBUTARIA_RESULT, regraBody } from './regra-tributaria-fields.js';

export const createRegraTributaria: RestOperation = {
  document: `mutation($empresaId: ID!, $input: CreateRegraTributariaInput!) {
    createRegraTributaria(empresaId: $empresaId, input: $input) { ${REGRA_TRIBUTARIA_RESULT} } }`,
  toVariables: (req) => ({ empresaId: req.params.id, input: req.body ?? null }),
  body: createRegraTributariaBody,
  toBody: regraBody,
  successStatus: 201,
  idempotent: true,
};
