import { BODY_LIMITS } from './body-limits.js';
import type { ValidationIssue } from './validation-issue.js';

const OMITTED = 'erros_omitidos';
// How many problems each summary entry stands for, so a list bounded twice still counts every problem once.
const omittedCount = new WeakMap<object, number>();

/**
 * `erros[]` as answered: the first `BODY_LIMITS.reportedIssues` problems and, when there are more, one last entry
 * that counts them, so a body with thousands of problems answers a 422 of bounded size. A list already bounded
 * (then added to) is bounded again with the same count.
 */
export function boundedIssues<T extends { codigo: string }>(issues: T[]): (T | ValidationIssue)[] {
  const max = BODY_LIMITS.reportedIssues;
  const summaries = issues.filter((i) => i.codigo === OMITTED && omittedCount.has(i));
  if (issues.length <= max && summaries.length === 0) return issues;
  const listed = summaries.length ? issues.filter((i) => !summaries.includes(i)) : issues;
  const rest = Math.max(0, listed.length - max) + summaries.reduce((n, s) => n + omittedCount.get(s)!, 0);
  if (rest === 0) return listed;
  const summary: ValidationIssue = {
    codigo: OMITTED,
    campo: '',
    mensagem: `Há mais ${rest} ${rest === 1 ? 'problema' : 'problemas'} além dos ${Math.min(max, listed.length)} listados.`,
    correcao: 'Corrija os problemas listados e envie de novo para ver os demais.',
  };
  omittedCount.set(summary, rest);
  return [...listed.slice(0, max), summary];
}
