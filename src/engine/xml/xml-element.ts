// C14N 1.0 (inclusive, without comments) for the XML the national system and our builders exchange: elements and
// text with the five predefined entities, no namespace prefixes, comments, PIs, CDATA, DOCTYPE or character
// references. For that subset canonical form is a short function of a light tree, so signing and verifying skip
// xmldom/xpath, which cost more than the RSA operations. Anything outside it parses to null and the callers fall
// back to xml-crypto, so a document is never judged by a canonicaliser that does not fully understand it.

export interface XmlElement {
  name: string;
  /** In document order, values decoded. */
  attributes: Array<[string, string]>;
  children: Array<XmlElement | string>;
  /** Default namespace in scope (declared here or inherited); '' for none. */
  namespace: string;
  /** Offsets of the element's text in the document: start of `<name`, end after its end tag. */
  start: number;
  end: number;
  parent: XmlElement | null;
}

const DECLARATION = /^<\?xml\s[^?<>]*\?>/;
const TOKEN = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The root element of `xml`, or null when the document is outside the subset (or not well formed). */
export function parseSimpleXml(xml: string): XmlElement | null {
  let at = DECLARATION.exec(xml)?.[0].length ?? 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (at < xml.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(xml);
    if (!m) return null;
    const [token, closing, name, rawAttributes, selfClosing, text] = m;
    const parent = stack.at(-1) ?? null;
    if (text !== undefined) {
      if (!parent) {
        if (text.trim() !== '') return null;
      } else {
        const decoded = decodeText(text);
        if (decoded === null) return null;
        parent.children.push(decoded);
      }
    } else if (closing) {
      if (!parent || parent.name !== name || rawAttributes !== '' || selfClosing) return null;
      parent.end = at + token.length;
      stack.pop();
    } else {
      if (!parent && root) return null;
      const element = openElement(name!, rawAttributes!, parent, at);
      if (!element) return null;
      if (parent) parent.children.push(element);
      else root = element;
      if (selfClosing) element.end = at + token.length;
      else stack.push(element);
    }
    at += token.length;
  }
  return stack.length === 0 ? root : null;
}

function openElement(name: string, rawAttributes: string, parent: XmlElement | null, start: number): XmlElement | null {
  const attributes: Array<[string, string]> = [];
  let namespace = parent?.namespace ?? '';
  for (const [, attr, double, single] of rawAttributes.matchAll(ATTRIBUTE)) {
    const raw = double ?? single ?? '';
    // Literal tabs and line ends are normalised to spaces by attribute-value normalisation: not in this subset.
    if (/[\t\n\r]/.test(raw)) return null;
    const value = decodeText(raw);
    if (value === null || attributes.some(([n]) => n === attr)) return null;
    if (attr === 'xmlns') namespace = value;
    else if (attr!.startsWith('xml')) return null; // xml:*, xmlns:* and reserved names
    attributes.push([attr!, value]);
  }
  return { name, attributes, children: [], namespace, start, end: -1, parent };
}

function decodeText(raw: string): string | null {
  if (raw.includes('\r') || raw.includes(']]>')) return null;
  let ok = true;
  const decoded = raw.replace(/&([a-z]*);?/g, (whole, entity: string) => {
    const value = whole.endsWith(';') ? ENTITIES[entity] : undefined;
    if (value === undefined) ok = false;
    return value ?? '';
  });
  return ok ? decoded : null;
}

/** Canonical form of `element` as the apex of a document subset (inclusive C14N: it carries its in-scope xmlns). */
export function canonicalize(element: XmlElement): string {
  return render(element, '');
}

function render(element: XmlElement, outputNamespace: string): string {
  let out = `<${element.name}`;
  if (element.namespace !== outputNamespace) out += ` xmlns="${escapeAttribute(element.namespace)}"`;
  const attributes = element.attributes
    .filter(([name]) => name !== 'xmlns')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of attributes) out += ` ${name}="${escapeAttribute(value)}"`;
  out += '>';
  for (const child of element.children)
    out += typeof child === 'string' ? escapeText(child) : render(child, element.namespace);
  return `${out}</${element.name}>`;
}

const escapeText = (value: string) =>
  value.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
const escapeAttribute = (value: string) =>
  value.replace(/[&<"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&quot;'));

/** Every element named `name`, in document order. */
export function findElements(root: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    if (element.name === name) found.push(element);
    for (const child of element.children) if (typeof child !== 'string') walk(child);
  };
  walk(root);
  return found;
}

export function attribute(element: XmlElement, name: string): string | undefined {
  return element.attributes.find(([n]) => n === name)?.[1];
}

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name),
  );
}

/** Concatenated text children (no markup inside, as for DigestValue or X509Certificate). */
export function textOf(element: XmlElement): string {
  return element.children.map((c) => (typeof c === 'string' ? c : '')).join('');
}
