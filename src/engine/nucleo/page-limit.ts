import { parameterError } from '../errors.js';

/**
 * How a list takes `limite` (GraphQL `first`): its default and maximum (the minimum is 1) and what a value outside
 * does. Only `GET /v1/nfse` brings such a value within the bounds; every other list refuses it with 400
 * `parametro_invalido`, so a client never gets a shorter page than it asked for without being told.
 * openapi/openapi.yaml states each list's rule, and test/http/page-limits.test.ts keeps the two in step.
 */
export interface PageLimit {
  padrao: number;
  maximo: number;
  foraDosLimites: 'recusa' | 'ajusta';
}

/** The page size a list serves for `limite` (null or absent: the default), or the 400 of a value it refuses. */
export function pageLimit(limite: number | null | undefined, rule: PageLimit): number {
  if (limite === undefined || limite === null) return rule.padrao;
  if (rule.foraDosLimites === 'ajusta') return Math.min(rule.maximo, Math.max(1, Math.trunc(limite)));
  if (!Number.isInteger(limite) || limite < 1 || limite > rule.maximo) {
    throw parameterError('parametro_invalido', { query: 'limite' }, `deve ser um inteiro de 1 a ${rule.maximo}.`, {
      correcao: `Use limite entre 1 e ${rule.maximo} (padrão ${rule.padrao}).`,
    });
  }
  return limite;
}
