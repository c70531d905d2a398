import { libxml2 } from './libxml2.js';
import { NFSE_NAMESPACE } from './dps-types.js';

/** Read-only view over a parsed document; paths are XPath with prefix `n:` bound to the NFS-e namespace. */
export interface XmlReader {
  text(path: string): string | undefined;
  has(path: string): boolean;
}

const NS = { n: NFSE_NAMESPACE };

/** Parses, runs `read`, and always frees the wasm-side document (libxml2 memory is not garbage-collected). */
export function readXml<T>(xml: string, read: (reader: XmlReader) => T): T {
  const doc = libxml2().XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'));
  try {
    return read({
      text: (path) => doc.get(path, NS)?.content,
      has: (path) => doc.get(path, NS) !== null,
    });
  } finally {
    doc.dispose();
  }
}
