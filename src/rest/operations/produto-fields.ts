import type { RestRequest } from '../rest-operation.js';

const TRIBUTO = 'cst csosn aliquota';
const ICMS =
  'reducaoBc mva aliquotaSt reducaoBcSt fcp fcpSt diferimento cBenef metodoDifal motivoDesoneracao deduzDesoneracao';

/** The selection of a tax profile (`ProdutoTributacao`), a product's and a company rule's alike. */
export const TRIBUTACAO_FIELDS = `cfop icms { ${TRIBUTO} ${ICMS} } ipi { cst aliquota cEnq ex } pis { ${TRIBUTO} } cofins { ${TRIBUTO} }
  ibsCbs { cst cClassTrib pDif cClassTribReg } is { cst cClassTrib aliquota }`;

/** The selection every product route returns. */
export const PRODUTO_FIELDS = `id empresaId sku descricao ncm cest gtin cean unidade origem
  tributacao { ${TRIBUTACAO_FIELDS} }
  ambiente criadoEm atualizadoEm`;

export const PRODUTO_RESULT = `__typename ... on Produto { ${PRODUTO_FIELDS} } ...DomainErrorFields`;

/** `empresa_id` of the query string, when given. */
export const empresaIdOf = (req: RestRequest) => (req.query.empresa_id as string | undefined) ?? null;

/** GraphQL answers a tax group's unset members with null; the REST body leaves them out, as they were sent. */
export function withoutNullTaxMembers(data: Record<string, unknown>): Record<string, unknown> {
  const tributacao = data.tributacao as Record<string, unknown> | null;
  if (!tributacao) return data;
  const clean = Object.fromEntries(
    Object.entries(tributacao)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [
        k,
        typeof v === 'object' ? Object.fromEntries(Object.entries(v as object).filter(([, x]) => x !== null)) : v,
      ]),
  );
  return { ...data, tributacao: clean };
}
