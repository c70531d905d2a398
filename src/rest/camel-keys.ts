/**
 * Received-document resources are camelCase (`notaId`, `proximoCursor`) while the facade snake_cases
 * every GraphQL answer; this undoes it for those routes. GraphQL names have no underscores, so it is exact.
 */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    out[key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = camelKeys(inner);
  return out;
}
