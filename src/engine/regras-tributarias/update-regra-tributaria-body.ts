import * as v from 'valibot';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { invalidRegraTributaria } from './invalid-regra-tributaria.js';
import { refineRegraTributaria, regraTributariaFields } from './regra-tributaria-fields.js';

/**
 * The body of `PATCH /v1/companies/{id}/regras-tributarias/{regraId}` (GraphQL `UpdateRegraTributariaInput`): only
 * the members sent change, and `criterios` and `tributacao` are replaced as a whole when sent.
 */
export const updateRegraTributariaBody = declareBody(
  v.strictObject({
    descricao: v.optional(regraTributariaFields.descricao),
    criterios: v.optional(regraTributariaFields.criterios),
    tributacao: v.optional(regraTributariaFields.tributacao),
    ativa: v.optional(regraTributariaFields.ativa),
  }),
  refineRegraTributaria,
  invalidRegraTributaria,
);

export type UpdateRegraTributariaBody = BodyOf<typeof updateRegraTributariaBody>;
