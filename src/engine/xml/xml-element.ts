// C14N 1.0 (inclusive, without comments) for the XML the national system and our builders exchange: elements and
// text with the five predefined entities, no comments, PIs, CDATA, DOCTYPE or character references, and namespace
// prefixes only where the caller allows them (the ABRASF 1.00 messages, `m:`/`t:`), each prefix declared once on
// its path and used only on element names. For that subset canonical form is a short function of a light tree, so
// signing and verifying skip xmldom/xpath, which cost more than the RSA operations. Anything outside it parses to null
// and the callers fall back to xml-crypto, so a document is never judged by a canonicaliser that does not fully
// understand it.

export interface XmlElement {
  name: string;
  /** In document order, values decoded. */
  attributes: Array<[string, string]>;
  children: Array<XmlElement | string>;
  /** Default namespace in scope (declared here or inherited); '' for none. */
  namespace: string;
  /** Prefixed namespaces in scope (declared here or inherited), by prefix; shared with the parent when it declares none. */
  prefixes: Readonly<Record<string, string>>;
  /** Offsets of the element's text in the document: start of `<name`, end after its end tag. */
  start: number;
  end: number;
  parent: XmlElement | null;
}

const DECLARATION = /^<\?xml\s[^?<>]*\?>/;
const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?';
const TOKEN = new RegExp(`<(\\/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(\\/?)>|([^<]+)`, 'y');
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');
const NO_PREFIXES: Readonly<Record<string, string>> = Object.freeze({});
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The root element of `xml`, or null when the document is outside the subset (or not well formed). `prefixes`
 * admits namespace-prefixed element names.
 */
export function parseSimpleXml(xml: string, options: { prefixes?: boolean } = {}): XmlElement | null {
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
      const element = openElement(name!, rawAttributes!, parent, at, options.prefixes === true);
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

function openElement(
  name: string,
  rawAttributes: string,
  parent: XmlElement | null,
  start: number,
  allowPrefixes: boolean,
): XmlElement | null {
  const attributes: Array<[string, string]> = [];
  let namespace = parent?.namespace ?? '';
  let prefixes = parent?.prefixes ?? NO_PREFIXES;
  for (const [, attr, double, single] of rawAttributes.matchAll(ATTRIBUTE)) {
    const raw = double ?? single ?? '';
    // Literal tabs and line ends are normalised to spaces by attribute-value normalisation: not in this subset.
    if (/[\t\n\r]/.test(raw)) return null;
    const value = decodeText(raw);
    if (value === null || attributes.some(([n]) => n === attr)) return null;
    if (attr === 'xmlns') namespace = value;
    else if (allowPrefixes && attr!.startsWith('xmlns:')) {
      // A prefix declared again on its own path, or undeclared, is outside the subset: its output rules differ
      // between C14N implementations.
      const prefix = attr!.slice('xmlns:'.length);
      if (!value || prefix in prefixes || prefix.startsWith('xml')) return null;
      prefixes = prefixes === parent?.prefixes || prefixes === NO_PREFIXES ? { ...prefixes } : prefixes;
      (prefixes as Record<string, string>)[prefix] = value;
    } else if (attr!.startsWith('xml') || attr!.includes(':')) return null; // xml:*, prefixed and reserved names
    attributes.push([attr!, value]);
  }
  const colon = name.indexOf(':');
  if (colon >= 0 && !(allowPrefixes && name.slice(0, colon) in prefixes)) return null;
  return { name, attributes, children: [], namespace, prefixes, start, end: -1, parent };
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

/**
 * Canonical form of `element` as the apex of a document subset (inclusive C14N: it carries every namespace in
 * scope), without `exclude` (the enveloped-signature transform removes the Signature being computed).
 */
export function canonicalize(element: XmlElement, exclude?: XmlElement): string {
  return render(element, '', NO_PREFIXES, exclude);
}

function render(
  element: XmlElement,
  outputNamespace: string,
  outputPrefixes: Readonly<Record<string, string>>,
  exclude: XmlElement | undefined,
): string {
  let out = `<${element.name}`;
  if (element.namespace !== outputNamespace) out += ` xmlns="${escapeAttribute(element.namespace)}"`;
  if (element.prefixes !== outputPrefixes) {
    // Namespace nodes follow the default one in prefix order; a declaration already output by the nearest output
    // ancestor is not repeated.
    for (const prefix of Object.keys(element.prefixes).sort())
      if (outputPrefixes[prefix] !== element.prefixes[prefix])
        out += ` xmlns:${prefix}="${escapeAttribute(element.prefixes[prefix]!)}"`;
  }
  const attributes = element.attributes
    .filter(([name]) => name !== 'xmlns' && !name.startsWith('xmlns:'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of attributes) out += ` ${name}="${escapeAttribute(value)}"`;
  out += '>';
  for (const child of element.children) {
    if (typeof child === 'string') out += escapeText(child);
    else if (child !== exclude) out += render(child, element.namespace, element.prefixes, exclude);
  }
  return `${out}</${element.name}>`;
}

/** An element's name without its prefix. */
export const localName = (element: Pick<XmlElement, 'name'>): string =>
  element.name.slice(element.name.indexOf(':') + 1);

const escapeText = (value: string) =>
  value.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
const escapeAttribute = (value: string) =>
  value.replace(/[&<"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&quot;'));

/** Every element named `name` (with any prefix), in document order. */
export function findElements(root: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    if (element.name === name || localName(element) === name) found.push(element);
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
