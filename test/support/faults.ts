import type { EngineDeps } from '../../src/engine/engine-deps.js';

/** The text a failing dependency puts in its error: it must never reach a response. */
export const INTERNAL_DETAIL = 'connection to db-primary.internal:5432 failed (password=hunter2)';

const fail = async () => {
  throw new Error(INTERNAL_DETAIL);
};

/**
 * While `run` executes, every database call except API-key lookups fails with a plain Error (as a driver
 * would), so requests authenticate and then hit an unexpected failure inside a resolver or engine function. Both
 * ways to the database fail alike: Prisma (`db`) and the named statements (`sql`), where authentication's own
 * statement (`api_keys_by_hash`, chaves/authenticate.ts) still answers.
 */
export async function withFailingDatabase<T>(engine: EngineDeps, run: () => Promise<T>): Promise<T> {
  const real = engine.db;
  const realSql = engine.sql;
  engine.db = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === 'apiKey') return value;
      if (typeof value === 'function') return fail;
      if (value && typeof value === 'object') return new Proxy(value, { get: () => fail });
      return value;
    },
  });
  engine.sql = ((name, text, params) =>
    name === 'api_keys_by_hash' ? realSql(name, text, params) : fail()) as EngineDeps['sql'];
  try {
    return await run();
  } finally {
    engine.db = real;
    engine.sql = realSql;
  }
}
