/**
 * GraphQL fields are the camelCase of the spec's snake_case names (razaoSocial ↔ razao_social), so the facade
 * converts keys generically instead of restating each resource. JSON scalars already hold snake_case keys,
 * which this leaves unchanged.
 */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '__typename') continue;
    out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = snakeKeys(inner);
  }
  return out;
}
