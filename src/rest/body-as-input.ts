import { isDeepStrictEqual } from 'node:util';
import { coerceInputValue, type GraphQLInputType } from 'graphql';
import { camelKeys } from './camel-keys.js';
import { snakeKeys } from '../graph/snake-keys.js';

/**
 * The REST body as the mutation's typed input (camelCase members), or null when the input type cannot carry it
 * exactly: a member the type lacks, a JSON type it refuses, or a value coercion would change (an ID sent as a
 * number). Such a body goes to the engine as received (GraphContext.restBody), so REST keeps every error the
 * engine's validator reports, all at once, with the same codes and pointers.
 */
export function bodyAsInput(type: GraphQLInputType, body: unknown): unknown | null {
  const camel = camelKeys(body);
  let fits = true;
  const coerced = coerceInputValue(camel, type, () => {
    fits = false;
  });
  return fits && isDeepStrictEqual(snakeKeys(coerced), body) ? camel : null;
}
