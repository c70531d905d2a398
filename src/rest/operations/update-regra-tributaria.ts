import { updateRegraTributariaBody } from '../../engine/regras-tributarias/update-regra-tributaria-body.js';
import type { RestOperation } from '../rest-operation.js';
import { REGRA_TRIBUTARIA_RESULT, regraBody, regraOf } from './regra-tributaria-fields.js';

export const updateRegraTributaria: RestOperation = {
  document: `mutation($empresaId: ID!, $id: ID!, $input: UpdateRegraTributariaInput!) {
    updateRegraTributaria(empresaId: $empresaId, id: $id, input: $input) { ${REGRA_TRIBUTARIA_RESULT} } }`,
  toVariables: (req) => ({ ...regraOf(req), input: req.body ?? null }),
  body: updateRegraTributariaBody,
  toBody: regraBody,
  successStatus: 200,
};
