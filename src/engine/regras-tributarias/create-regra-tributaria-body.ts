import * as v from 'valibot';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { invalidRegraTributaria } from './invalid-regra-tributaria.js';
import { refineRegraTributaria, regraTributariaFields } from './regra-tributaria-fields.js';

/**
 * The body of `POST /v1/companies/{id}/regras-tributarias` (GraphQL `CreateRegraTributariaInput`): criteria left
 * out match every item; `ativa` is true by default.
 */
export const createRegraTributariaBody = declareBody(
  v.strictObject({
    ...regraTributariaFields,
    criterios: v.nullish(regraTributariaFields.criterios, {}),
    ativa: v.nullish(regraTributariaFields.ativa, true),
  }),
  refineRegraTributaria,
  invalidRegraTributaria,
);

export type CreateRegraTributariaBody = BodyOf<typeof createRegraTributariaBody>;
