// Reading ABRASF documents as text: every city's server writes its own namespace prefixes (or none), so elements are
// found by local name. Enough for the flat, schema-valid documents of the model; not a general XML reader.

const P = '(?:[\\w.-]+:)?';
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

/** The patterns of the few element names read, each built once (every answer read asks for the same ones). */
const patterns = new Map<string, RegExp>();
const patternOf = (key: string, source: () => string, flags = '') => {
  let re = patterns.get(key);
  if (!re) patterns.set(key, (re = new RegExp(source(), flags)));
  return re;
};

/** The text of the first `<name>` element that holds only text, entities decoded and trimmed; null when absent. */
export function xmlText(xml: string, name: string): string | null {
  const m = patternOf(`text:${name}`, () => `<${P}${name}(?:\\s[^>]*)?>([^<]*)</${P}${name}>`).exec(xml);
  return m ? m[1]!.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ENTITIES[e]!).trim() : null;
}

/**
 * Every outermost `<name>…</name>` element (any prefix), as written. Depth is counted, so an element holding another
 * of its name (an RPS `<Rps>` holds the `<Rps>` of its identification) is returned whole.
 */
export function xmlElements(xml: string, name: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = 0;
  for (const m of xml.matchAll(patternOf(`elements:${name}`, () => `<(/?)${P}${name}(?:\\s[^>]*?)?(/?)>`, 'g'))) {
    if (m[1]) {
      depth -= 1;
      if (depth === 0) found.push(xml.slice(start, m.index + m[0].length));
    } else if (m[2]) {
      if (depth === 0) found.push(m[0]);
    } else {
      if (depth === 0) start = m.index;
      depth += 1;
    }
  }
  return found;
}
