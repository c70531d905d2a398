import { snakeName } from './validation-issues-of.js';

/**
 * A request in its declared shape (camelCase members, the GraphQL input's) with the API's snake_case member
 * names: how a note or a batch line keeps the request it was given, whichever way it came.
 */
export function apiShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(apiShape);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [snakeName(key), apiShape(inner)]));
}
