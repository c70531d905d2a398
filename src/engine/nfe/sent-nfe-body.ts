import { apiShape } from '../nucleo/api-shape.js';
import { SentBody } from '../nucleo/read-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';

/**
 * An NF-e request as the NF-e readers judge it: the API's snake_case members, whichever way it came (GraphQL's
 * typed input, or a REST body the input type could not carry), with the problems the REST mapping already found
 * (a member whose name is not snake_case), which belong in the same `erros[]`.
 */
export function sentNfeBody(body: unknown): { body: unknown; issues: ValidationIssue[] } {
  if (body instanceof SentBody) return { body: apiShape(body.value), issues: body.issues };
  return { body: apiShape(body), issues: [] };
}
