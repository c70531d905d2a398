/**
 * What any request body may be, whatever it declares: checked in one linear pass before a member is read, so
 * the work a body costs, and the size of its 422, follow its size. No declared body comes near these (the
 * longest list is a batch's 5,000 lines; the longest text a note's 5,000 characters of additional information).
 */
export const BODY_LIMITS = {
  /** Objects and lists inside one another. */
  depth: 32,
  /** Members of an object or items of a list. */
  members: 10_000,
  /** Characters of one text (a member's value or name). */
  textLength: 100_000,
  /** Entries of `erros[]`; the ones beyond are counted in one last entry. */
  reportedIssues: 100,
  /** Characters of an entry's `mensagem` and `correcao` (a message quoting a long value is cut). */
  issueText: 1_000,
} as const;
