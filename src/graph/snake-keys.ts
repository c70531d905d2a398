import { snakeName } from '../engine/nucleo/validation-issues-of.js';

/**
 * GraphQL fields are the camelCase of the API's snake_case names (razaoSocial ↔ razao_social), so the facade
 * converts keys generically instead of restating each resource. JSON scalars already hold snake_case keys,
 * which this leaves unchanged.
 */
export function snakeKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || WIRE_SHAPED.has(value)) return value;
  if (Array.isArray(value)) return value.map(snakeKeys);
  // A typed input's DateTime arrives as a Date; the engine reads instants as ISO 8601 text, as REST sends them.
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '__typename') continue;
    // An event's `dados` object is stored in its final casing (snake_case for issuance events, camelCase for
    // received-document events), so it passes through untouched. (`dados` lists of pages are
    // GraphQL objects and are converted.)
    const payload = key === 'dados' && inner !== null && typeof inner === 'object' && !Array.isArray(inner);
    out[snakeKey(key)] = payload ? inner : snakeKeys(inner);
  }
  return out;
}

const WIRE_SHAPED = new WeakSet<object>();

/** A value built in its final casing (a REST-only field's): snakeKeys passes it through as it is. */
export function inWireShape<T extends object>(value: T): T {
  WIRE_SHAPED.add(value);
  return value;
}

// Every REST answer converts the same few hundred field names, so each is converted once. Keys inside JSON
// scalars come from callers, so the memo stops growing at a bound instead of holding whatever is sent.
const SNAKE_KEYS = new Map<string, string>();
const SNAKE_KEYS_BOUND = 4096;

function snakeKey(key: string): string {
  const known = SNAKE_KEYS.get(key);
  if (known !== undefined) return known;
  const snake = snakeName(key);
  if (SNAKE_KEYS.size < SNAKE_KEYS_BOUND) SNAKE_KEYS.set(key, snake);
  return snake;
}
