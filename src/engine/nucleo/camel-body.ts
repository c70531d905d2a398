import { BODY_LIMITS } from './body-limits.js';
import { ptr } from './coletor.js';
import { depthIssue } from './limit-issues.js';
import { camelName } from './validation-issues-of.js';
import type { ValidationIssue } from './validation-issue.js';

const SNAKE_CASE = /^[a-z0-9]+(_[a-z0-9]+)*$/;

/**
 * A request in the API's snake_case member names in its declared shape (camelCase, the GraphQL input's): the one
 * mapping of a REST body at the edge, and of what a batch keeps of its lines. A member whose name is not
 * snake_case (`razaoSocial`) has no API name; it is left out and reported in `issues` with its own pointer.
 * Nesting past `BODY_LIMITS.depth` is not followed: it is reported there, and the body is then refused whole.
 */
export function camelBody(value: unknown, campo: string, issues: ValidationIssue[], depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= BODY_LIMITS.depth) {
    issues.push(depthIssue(campo));
    return undefined;
  }
  if (Array.isArray(value)) return value.map((item, i) => camelBody(item, ptr(campo, i), issues, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!SNAKE_CASE.test(key)) {
      issues.push({
        codigo: 'campo_desconhecido',
        campo: ptr(campo, key),
        mensagem: `Campo desconhecido: "${key}".`,
        correcao: 'Os campos da API REST são em snake_case (razao_social); remova o campo ou corrija o nome.',
      });
      continue;
    }
    out[camelName(key)] = camelBody(inner, ptr(campo, key), issues, depth + 1);
  }
  return out;
}
