const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** Index of the first NUL or lone surrogate of `text` (a high one without its low one, or the reverse), or -1. */
function firstUnsafe(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return i;
    if (isHigh(c)) {
      if (!isLow(text.charCodeAt(i + 1))) return i;
      i++;
    } else if (isLow(c)) return i;
  }
  return -1;
}

/**
 * Why a text cannot be kept, or null: PostgreSQL refuses NUL in text and jsonb, and a lone surrogate is no
 * Unicode character (jsonb refuses its escape, UTF-8 cannot encode it). Linear in the text's length.
 */
export function unsafeText(text: string): string | null {
  const at = firstUnsafe(text);
  if (at < 0) return null;
  return text.charCodeAt(at) === 0
    ? `contém o caractere nulo (\\u0000) na posição ${at + 1}.`
    : `contém um caractere Unicode incompleto (surrogate isolado) na posição ${at + 1}.`;
}

/** The text with each unsafe character replaced by U+FFFD, to be quoted in a message. */
export function printableText(text: string): string {
  if (firstUnsafe(text) < 0) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isHigh(c) && isLow(text.charCodeAt(i + 1))) {
      out += text.slice(i, i + 2);
      i++;
    } else out += c === 0 || isHigh(c) || isLow(c) ? '\uFFFD' : text[i];
  }
  return out;
}
