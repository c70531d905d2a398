import * as v from 'valibot';
import type { OperacaoCalculada } from '../tributos/item-tributavel.js';
import { issueMessage } from '../nucleo/issue-message.js';
import { optionalText } from '../nucleo/text-rules.js';
import { produtoFields } from '../produtos/produto-fields.js';
import { codigoUf } from '../tabelas/index.js';

/** The operations whose items the engine computes: a rule for any other would never apply. */
export const OPERACOES_DA_REGRA = [
  'venda',
  'venda_consumidor_final',
  'bonificacao',
] as const satisfies readonly OperacaoCalculada[];

export const CONTRIBUINTES = ['contribuinte', 'isento', 'nao_contribuinte'] as const;

/** The criteria of a rule, each optional: a criterion left out matches every item. */
export interface Criterios {
  ncmPrefixo?: string | null;
  cest?: string | null;
  produto?: string | null;
  operacao?: (typeof OPERACOES_DA_REGRA)[number] | null;
  ufOrigem?: string | null;
  ufDestino?: string | null;
  contribuinte?: (typeof CONTRIBUINTES)[number] | null;
}

const uf = v.nullish(
  v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.check(
      (s) => s.length === 2 && codigoUf(s) !== null,
      issueMessage('UF é a sigla de um estado ou do DF.', 'Informe a sigla da UF, por exemplo "SP".'),
    ),
  ),
);

/** The members of `criterios` (camelCase, as the engine reads bodies). */
export const criteriosFields = v.strictObject({
  ncmPrefixo: v.nullish(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(20, issueMessage('no máximo 20 caracteres.', 'Encurte o valor.')),
      v.transform((s) => s.replace(/\./g, '')),
      v.regex(
        /^\d{2,8}$/,
        issueMessage(
          'prefixo do NCM tem de 2 a 8 dígitos.',
          'Informe o início do NCM (capítulo "22", posição "2202", NCM inteiro "22021000"), com ou sem pontos.',
        ),
      ),
    ),
  ),
  cest: v.optional(produtoFields.cest),
  produto: optionalText(60),
  operacao: v.nullish(
    v.picklist(
      OPERACOES_DA_REGRA,
      issueMessage(
        `operação é ${OPERACOES_DA_REGRA.join(', ')}.`,
        'As demais operações levam os tributos informados, que nenhuma regra muda.',
      ),
    ),
  ),
  ufOrigem: uf,
  ufDestino: uf,
  contribuinte: v.nullish(
    v.picklist(CONTRIBUINTES, issueMessage(`contribuinte é ${CONTRIBUINTES.join(', ')}.`, 'Use um desses valores.')),
  ),
});

/** The criteria as kept: members left out or null are absent. */
export function storedCriterios(value: Criterios | null | undefined): Criterios {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, x]) => x != null)) as Criterios;
}

/**
 * The canonical text of a criteria set: two rules with the same text would tie on every item, so the table keeps
 * one per company and environment.
 */
export function chaveDosCriterios(criterios: Criterios): string {
  const c = storedCriterios(criterios);
  return JSON.stringify(
    Object.keys(c)
      .sort()
      .map((k) => [k, c[k as keyof Criterios]]),
  );
}
