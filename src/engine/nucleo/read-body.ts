import { safeParse, type GenericSchema, type InferOutput } from 'valibot';
import { EngineError } from '../errors.js';
import { boundedIssues } from './bounded-issues.js';
import { IssueIndex } from './issue-index.js';
import { isLimitIssue, limitIssues } from './limit-issues.js';
import type { ValidationIssue } from './validation-issue.js';
import { snakeName, validationIssuesOf } from './validation-issues-of.js';

/** What a rule that runs on the result (tables, the company) uses to add to the same `erros[]`. */
export interface BodyReport {
  add(issue: ValidationIssue): void;
  /** True when nothing was reported at `campo` (a snake_case JSON Pointer) or below it. */
  valid(campo: string): boolean;
}

/**
 * A request body declared once: the schema (members, JSON types, formats, with their Portuguese wording) and the
 * rules that need more than the value itself. `refine` runs even when the schema found problems, so every
 * problem is reported at once; the members it reads are only those `report.valid` vouches for.
 */
export interface BodyDeclaration<S extends GenericSchema = GenericSchema> {
  schema: S;
  refine?(value: Partial<InferOutput<S>>, report: BodyReport): void;
  /** The 422 of this body when it is not the generic one (a resource's own wording). */
  invalid?(erros: ValidationIssue[]): EngineError;
}

export type BodyOf<D extends BodyDeclaration> = InferOutput<D['schema']>;

export function declareBody<S extends GenericSchema>(
  schema: S,
  refine?: BodyDeclaration<S>['refine'],
  invalid?: BodyDeclaration<S>['invalid'],
): BodyDeclaration<S> {
  return { schema, refine, invalid };
}

/**
 * A body with the problems its sender's mapping already found (REST: a member whose name is not snake_case has
 * no declared name): the declaration reports them with its own, all at once.
 */
export class SentBody {
  constructor(
    readonly value: unknown,
    readonly issues: ValidationIssue[],
  ) {}
}

/** The value a body carries, whether it came typed or as a `SentBody`. */
export const sentValue = (body: unknown): unknown => (body instanceof SentBody ? body.value : body);

/**
 * Every problem of `value` against the declaration (plus `before`, found by the caller, e.g. REST's member-name
 * check), and the typed value when there is none. A body past `BODY_LIMITS` (too deep, a list too long, a text
 * too long or that PostgreSQL cannot keep) is refused with those problems alone, before any member is read.
 */
export function bodyIssues<D extends BodyDeclaration>(
  declaration: D,
  value: unknown,
  before: ValidationIssue[] = [],
): { ok: true; value: BodyOf<D> } | { ok: false; issues: ValidationIssue[]; value: Partial<BodyOf<D>> | undefined } {
  if (value instanceof SentBody) return bodyIssues(declaration, value.value, [...before, ...value.issues]);
  const limits = before.some(isLimitIssue) ? [] : limitIssues(value, snakeName);
  if (limits.length || before.some(isLimitIssue)) {
    return { ok: false, issues: [...before.filter(isLimitIssue), ...limits], value: undefined };
  }
  const result = safeParse(declaration.schema, value, { abortPipeEarly: true });
  const issues = [...before, ...validationIssuesOf(result.issues ?? [])];
  const index = new IssueIndex(issues);
  if (declaration.refine && result.output !== null && typeof result.output === 'object') {
    const report: BodyReport = {
      add: (issue) => issues.push(issue),
      valid: (campo) => !index.has(campo),
    };
    declaration.refine(result.output as Partial<BodyOf<D>>, report);
  }
  return issues.length
    ? { ok: false, issues, value: result.output as Partial<BodyOf<D>> | undefined }
    : { ok: true, value: result.output as BodyOf<D> };
}

/** The 422 of a declaration's body with these problems. */
export function invalidBody(declaration: BodyDeclaration, erros: ValidationIssue[]): EngineError {
  return (
    declaration.invalid?.(boundedIssues(erros)) ??
    new EngineError('validacao', 'A requisição tem campos inválidos.', { extra: { erros: boundedIssues(erros) } })
  );
}

/** The typed body, or the 422 `validacao` with every problem in `erros[]`. */
export function readBody<D extends BodyDeclaration>(
  declaration: D,
  value: unknown,
  before: ValidationIssue[] = [],
): BodyOf<D> {
  const result = bodyIssues(declaration, value, before);
  if (!result.ok) throw invalidBody(declaration, result.issues);
  return result.value;
}
