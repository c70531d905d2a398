import type { Principal } from '../engine/chaves/principal.js';
import type { EngineDeps } from '../engine/engine-deps.js';

/** Per-request context. Resolvers call engine functions with `engine`; they never query Prisma themselves. */
export interface GraphContext {
  engine: EngineDeps;
  principal: Principal | null;
  /** Set by the REST facade; lets operations that wait (Prefer: wait) know the caller's budget. */
  requestId: string;
}
