import type { EngineDeps } from '../../src/engine/engine-deps.js';

/** The text a failing dependency puts in its error: it must never reach a response. */
export const INTERNAL_DETAIL = 'connection to db-primary.internal:5432 failed (password=hunter2)';

const fail = async () => {
  throw new Error(INTERNAL_DETAIL);
};

/**
 * While `run` executes, every database call except API-key lookups fails with a plain Error (as a driver
 * would), so requests authenticate and then hit an unexpected failure inside a resolver or engine function.
 */
export async function withFailingDatabase<T>(engine: EngineDeps, run: () => Promise<T>): Promise<T> {
  const real = engine.db;
  engine.db = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === 'apiKey') return value;
      if (typeof value === 'function') return fail;
      if (value && typeof value === 'object') return new Proxy(value, { get: () => fail });
      return value;
    },
  });
  try {
    return await run();
  } finally {
    engine.db = real;
  }
}
