/**
 * Code-like members (`origem`, `cst`, `csosn`, `cfop`, `ncm`, `cest`, the service codes…) are texts: the
 * official tables key them as digit strings and a leading zero is part of the code. Where no code can lose a
 * leading zero (the one-digit ICMS `origem`), a JSON integer is read as its digits, so both forms are accepted
 * and the text is what is kept and returned; anything else is left for the member's own rule to refuse.
 */
export function codeText(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
}
