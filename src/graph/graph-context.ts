import type { Principal } from '../engine/chaves/principal.js';
import type { EngineDeps } from '../engine/engine-deps.js';

/** Per-request context. Resolvers call engine functions with `engine`; they never query Prisma themselves. */
export interface GraphContext {
  engine: EngineDeps;
  principal: Principal | null;
  /** Set by the REST facade; lets operations that wait (Prefer: wait) know the caller's budget. */
  requestId: string;
  /**
   * Set by the REST facade when its JSON body cannot be carried by the mutation's typed input (an unknown member,
   * a JSON type the input type refuses): the raw body then goes to the engine, whose validator reports every
   * error with its code and JSON Pointer exactly as it does for any other body.
   */
  restBody?: unknown;
}
