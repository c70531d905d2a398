import { BODY_LIMITS } from './body-limits.js';
import type { ValidationIssue } from './validation-issue.js';

const OMITTED = 'erros_omitidos';
// How many problems each summary entry stands for, so a list bounded twice still counts every problem once.
const omittedCount = new WeakMap<object, number>();

const cut = (text: unknown) =>
  typeof text === 'string' && text.length > BODY_LIMITS.issueText
    ? `${text.slice(0, BODY_LIMITS.issueText - 1)}…`
    : text;

/** The entry with its texts cut to `BODY_LIMITS.issueText` (a message may quote the value sent, of any length). */
function shortIssue<T extends { codigo: string }>(issue: T): T {
  const { mensagem, correcao } = issue as { mensagem?: unknown; correcao?: unknown };
  if (cut(mensagem) === mensagem && cut(correcao) === correcao) return issue;
  return { ...issue, mensagem: cut(mensagem), correcao: cut(correcao) };
}

/**
 * `erros[]` as answered: the first `BODY_LIMITS.reportedIssues` problems, each with texts of bounded length, and,
 * when there are more, one last entry that counts them, so a body with thousands of problems answers a 422 of
 * bounded size. A list already bounded (then added to) is bounded again with the same count.
 */
export function boundedIssues<T extends { codigo: string }>(all: T[]): (T | ValidationIssue)[] {
  const max = BODY_LIMITS.reportedIssues;
  const issues = all.some((i) => shortIssue(i) !== i) ? all.map(shortIssue) : all;
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
