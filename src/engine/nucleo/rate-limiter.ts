import type { Redis } from 'ioredis';

/**
 * Fixed 60-second windows aligned to the clock minute: `hit` adds `weight` request units (default 1) to this key's
 * minute and returns the units spent in it, these included. A REST call is one unit; a GraphQL document is charged
 * its cost in units (src/http/query-limits.ts).
 */
export interface RateLimiter {
  hit(key: string, now: Date, weight?: number): Promise<number>;
}

export const RATE_LIMIT_PER_MINUTE = 120;

export function createLocalRateLimiter(): RateLimiter {
  const windows = new Map<string, { minute: number; count: number }>();
  return {
    hit: async (key, now, weight = 1) => {
      const minute = Math.floor(now.getTime() / 60_000);
      const current = windows.get(key);
      if (!current || current.minute !== minute) {
        if (windows.size > 100_000) windows.clear();
        windows.set(key, { minute, count: weight });
        return weight;
      }
      return (current.count += weight);
    },
  };
}

// One round trip, atomic across processes: count and expiry are set together.
const HIT_SCRIPT = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
    hit: async (key, now, weight = 1) => {
      const minute = Math.floor(now.getTime() / 60_000);
      const n = await redis.eval(HIT_SCRIPT, 1, `rl:${key}:${minute}`, '120000', String(weight));
      return Number(n);
    },
  };
}
