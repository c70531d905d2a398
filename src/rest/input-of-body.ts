import { coerceInputValue, type GraphQLInputType } from 'graphql';
import { camelBody } from '../engine/nucleo/camel-body.js';
import { limitIssues } from '../engine/nucleo/limit-issues.js';
import { SentBody } from '../engine/nucleo/read-body.js';
import type { ValidationIssue } from '../engine/nucleo/validation-issue.js';

/**
 * The mutation's input for a REST body. A body the input type carries exactly goes as the typed input. One it
 * cannot carry (a member the type lacks, a JSON type it refuses, a value coercion would change) goes as `sent`,
 * in the declared shape with the problems the mapping found: the operation takes it in place of the typed input
 * (see restSchema), so the key's permission is decided first and the engine then judges the body once with its
 * declaration, reporting every problem with the same codes and pointers. A body past `BODY_LIMITS` goes as
 * `sent` with those problems only, before any per-member work.
 */
export function inputOfBody(type: GraphQLInputType, body: unknown): { input: unknown; sent?: SentBody } {
  // A body past the limits is not mapped: the engine refuses it with these problems alone.
  const limits = limitIssues(body);
  if (limits.length) return { input: {}, sent: new SentBody({}, limits) };
  const issues: ValidationIssue[] = [];
  const value = camelBody(body, '', issues);
  let fits = issues.length === 0;
  const coerced = fits ? coerceInputValue(value, type, () => (fits = false)) : undefined;
  if (fits && sameValue(coerced, value)) return { input: value };
  return { input: {}, sent: new SentBody(value, issues) };
}

/**
 * True when coercion kept the value as sent. An instant parsed to a Date is not: the DateTime scalar reads more
 * forms than the API's ISO 8601 with zone, so the declaration judges the text as sent.
 */
function sameValue(coerced: unknown, sent: unknown): boolean {
  if (coerced instanceof Date) return false;
  if (Array.isArray(coerced))
    return Array.isArray(sent) && coerced.length === sent.length && coerced.every((c, i) => sameValue(c, sent[i]));
  if (coerced !== null && typeof coerced === 'object') {
    if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return false;
    const a = Object.keys(coerced);
    const b = Object.keys(sent);
    return (
      a.length === b.length &&
      a.every((k) => sameValue((coerced as Record<string, unknown>)[k], (sent as Record<string, unknown>)[k]))
    );
  }
  return coerced === sent;
}
