import { snakeKeys } from '../snake-keys.js';
import type { GraphContext } from '../graph-context.js';

/**
 * The body the engine validates, in the API's snake_case: the typed input's, or the REST body that did not fit
 * the input type (see GraphContext.restBody), so the engine's validator stays the one judge of both.
 */
export function bodyOf(ctx: GraphContext, input: unknown): unknown {
  return ctx.restBody === undefined ? snakeKeys(input) : ctx.restBody;
}
