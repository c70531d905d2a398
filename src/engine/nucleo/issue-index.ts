import type { ValidationIssue } from './validation-issue.js';

/**
 * Which JSON Pointers of a growing list of problems have a problem at or below them. Each problem flags its
 * pointer and its ancestors once, when first asked after it was added, so asking about a member costs the same
 * however many problems a body has (a scan of the list per question makes a body with many items quadratic).
 */
export class IssueIndex {
  private readonly flagged = new Set<string>();
  private indexed = 0;

  /** `issues` is only ever appended to. */
  constructor(private readonly issues: readonly Pick<ValidationIssue, 'campo'>[]) {}

  /** True when a problem is at `campo` or below it. */
  has(campo: string): boolean {
    while (this.indexed < this.issues.length) this.flag(this.issues[this.indexed++]!.campo);
    return this.flagged.has(campo);
  }

  private flag(campo: string): void {
    let at = campo;
    while (at && !this.flagged.has(at)) {
      this.flagged.add(at);
      at = at.slice(0, Math.max(0, at.lastIndexOf('/')));
    }
    this.flagged.add(at);
  }
}
