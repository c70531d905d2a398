const OPEN = new Set(['{', '[', '(']);
const CLOSE = new Set(['}', ']', ')']);

/**
 * Whether a GraphQL text opens more than `max` brackets (`{`, `[`, `(`) inside one another, outside strings and
 * comments: one linear pass, run before the recursive parser sees the text. Unbalanced text is left to the parser.
 */
export function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (c === '"') {
      i = text.startsWith('"""', i) ? afterBlockString(text, i + 3) : afterString(text, i + 1);
      continue;
    } else if (OPEN.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(c)) {
      depth = Math.max(0, depth - 1);
    }
    i++;
  }
  return false;
}

function afterString(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function afterBlockString(text: string, from: number): number {
  let i = from;
  while (i < text.length && !text.startsWith('"""', i)) i += text.startsWith('\\"""', i) ? 4 : 1;
  return i + 3;
}
