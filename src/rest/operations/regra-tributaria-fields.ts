import type { RestRequest } from '../rest-operation.js';
import { TRIBUTACAO_FIELDS, withoutNullTaxMembers } from './produto-fields.js';

/** The selection every company tax rule route returns. */
export const REGRA_TRIBUTARIA_FIELDS = `id empresaId descricao
  criterios { ncmPrefixo cest produto operacao ufOrigem ufDestino contribuinte }
  tributacao { ${TRIBUTACAO_FIELDS} } ativa ambiente criadoEm atualizadoEm`;

export const REGRA_TRIBUTARIA_RESULT = `__typename ... on RegraTributaria { ${REGRA_TRIBUTARIA_FIELDS} } ...DomainErrorFields`;

/** The company and the rule named by the path. */
export const regraOf = (req: RestRequest) => ({ empresaId: req.params.id, id: req.params.regra_id });

/** The REST body leaves out criteria and tax members that are not set, as they were sent. */
export function regraBody(data: Record<string, unknown>): Record<string, unknown> {
  const criterios = Object.fromEntries(
    Object.entries((data.criterios as Record<string, unknown> | null) ?? {}).filter(([, v]) => v !== null),
  );
  return withoutNullTaxMembers({ ...data, criterios });
}
