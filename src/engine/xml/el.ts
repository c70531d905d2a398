// Minimal XML writing helpers. The national system rejects formatting whitespace between tags
// (MI §6.1.1.d), so elements are concatenated with no indentation.

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '"': '&quot;' };

/** Escapes element text. Line ends are normalised to "\n" as any XML parser would do before C14N. */
export function escapeText(value: string): string {
  if (!/[&<>\r]/.test(value)) return value;
  // Native replacement, '&' first so no escape is escaped again: a whole signed document is escaped into a SOAP
  // string on some services, and a callback per character costs twice as much there.
  const text = value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function escapeAttr(value: string): string {
  return value.replace(/[&<"]/g, (c) => ATTR_ESCAPES[c]);
}

/** `<name>text</name>`, or '' when the value is absent (optional elements are simply omitted). */
export function el(name: string, value: string | undefined | null): string {
  if (value === undefined || value === null) return '';
  return `<${name}>${escapeText(value)}</${name}>`;
}

/** `<name>children</name>`, or '' when every child rendered empty (optional groups). */
export function group(name: string, ...children: string[]): string {
  const inner = children.join('');
  return inner === '' ? '' : `<${name}>${inner}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
