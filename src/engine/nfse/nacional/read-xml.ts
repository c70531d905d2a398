import type { XmlDocument } from 'libxml2-wasm';
import { parseSimpleXml, type XmlElement } from '../../xml/xml-element.js';
import { libxml2 } from '../../xml/libxml2.js';
import { NFSE_NAMESPACE } from './dps-input.js';

/** Read-only view over a parsed document; paths are XPath with prefix `n:` bound to the NFS-e namespace. */
export interface XmlReader {
  text(path: string): string | undefined;
  has(path: string): boolean;
}

const NS = { n: NFSE_NAMESPACE };
/** Absolute child paths in the NFS-e namespace, optionally ending in an attribute: what the simple reader answers. */
const SIMPLE_PATH = /^(\/n:[A-Za-z_][\w.-]*)+(\/@[A-Za-z_][\w.-]*)?$/;

/**
 * Parses, runs `read`, and frees what it parsed. Documents inside the subset of xml-element.ts (ours and the
 * simulator's) are read from that parser's tree, for paths of plain child steps: a libxml2 XPath query per field
 * would cost more than the simulator's XSD validation of the same DPS. Any other document or path goes to
 * libxml2, whose wasm-side document is always disposed (libxml2 memory is not garbage-collected).
 */
export function readXml<T>(xml: string, read: (reader: XmlReader) => T): T {
  const root = parseSimpleXml(xml);
  const parsed: { doc?: XmlDocument } = {};
  const full = () => (parsed.doc ??= libxml2().XmlDocument.fromBuffer(Buffer.from(xml, 'utf8')));
  const simple = (path: string) => (root && SIMPLE_PATH.test(path) ? { value: simpleGet(root, path) } : null);
  try {
    return read({
      text: (path) => {
        const hit = simple(path);
        return hit ? hit.value : full().get(path, NS)?.content;
      },
      has: (path) => {
        const hit = simple(path);
        return hit ? hit.value !== undefined : full().get(path, NS) !== null;
      },
    });
  } finally {
    parsed.doc?.dispose();
  }
}

/** The first node of `path` in document order, as XPath's string value (text of all descendants, or the attribute). */
function simpleGet(root: XmlElement, path: string): string | undefined {
  const steps = path.slice(1).split('/');
  const attr = steps.at(-1)!.startsWith('@') ? steps.pop()!.slice(1) : undefined;
  const names = steps.map((s) => s.slice(2));
  if (root.name !== names[0] || root.namespace !== NFSE_NAMESPACE) return undefined;
  return first(root, names, 1, attr);
}

function first(element: XmlElement, names: string[], depth: number, attr: string | undefined): string | undefined {
  if (depth === names.length) {
    if (attr === undefined) return stringValue(element);
    return element.attributes.find(([n]) => n === attr)?.[1];
  }
  for (const child of element.children) {
    if (typeof child === 'string' || child.name !== names[depth] || child.namespace !== NFSE_NAMESPACE) continue;
    const found = first(child, names, depth + 1, attr);
    if (found !== undefined) return found;
  }
  return undefined;
}

function stringValue(element: XmlElement): string {
  return element.children.map((c) => (typeof c === 'string' ? c : stringValue(c))).join('');
}
