import * as v from 'valibot';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { companyFields, refineCompanyFields } from './company-body.js';

const { cnpj: _cnpj, ...settings } = companyFields;

/** Every setting may be left out (kept as it is): `partial` wraps each in `optional` without a default, so an absent member stays absent. */
const changed = v.partial(v.object(settings)).entries;

/**
 * The body of `PATCH /v1/companies/{id}` (GraphQL `UpdateCompanyInput`): only the members sent change, with the
 * rules of creation. JSON null clears an optional setting (`regime_tributario`, `endereco`, `token_municipio`…;
 * `autorizados_xml` null is the empty list, `email_tomador` null turns the automatic e-mail off); `razao_social`
 * and `municipio` cannot be cleared. `padroes` merges member by member (a member null removes that default; `padroes` null removes them all). The CNPJ identifies
 * the company and its certificate, so it never changes: a new CNPJ is a new company.
 */
export const updateCompanyBody = declareBody(
  v.strictObject({
    ...changed,
    // Without creation's default ({}), so that `padroes: {}` changes nothing and `padroes: null` removes every default.
    padroes: v.optional(v.nullable(companyFields.padroes.wrapped)),
    cnpj: v.optional(
      v.never(
        issueMessage(
          'o CNPJ identifica a empresa e o seu certificado, e não muda.',
          'Remova cnpj do corpo; para outro CNPJ, crie outra empresa.',
          'campo_desconhecido',
        ),
      ),
    ),
  }),
  refineCompanyFields,
);

export type UpdateCompanyBody = Omit<BodyOf<typeof updateCompanyBody>, 'autorizadosXml'> & {
  autorizadosXml?: string[];
};
