import type { RestOperation } from '../rest-operation.js';
import { REGRA_TRIBUTARIA_RESULT, regraBody, regraOf } from './regra-tributaria-fields.js';

export const getRegraTributaria: RestOperation = {
  document: `query($empresaId: ID!, $id: ID!) { regraTributaria(empresaId: $empresaId, id: $id) { ${REGRA_TRIBUTARIA_RESULT} } }`,
  toVariables: regraOf,
  toBody: regraBody,
  successStatus: 200,
};
