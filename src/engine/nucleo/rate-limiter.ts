import type { Redis } from 'ioredis';

/**
 * Fixed 60-second windows aligned to the clock minute: `hit` returns how many requests this key made
 * in the current minute, this one included.
 */
export interface RateLimiter {
  hit(key: string, now: Date): Promise<number>;
}

export const RATE_LIMIT_PER_MINUTE = 120;

export function createLocalRateLimiter(): RateLimiter {
  const windows = new Map<string, { minute: number; count: number }>();
  return {
    hit: async (key, now) => {
      const minute = Math.floor(now.getTime() / 60_000);
      const current = windows.get(key);
      if (!current || current.minute !== minute) {
        if (windows.size > 100_000) windows.clear();
        windows.set(key, { minute, count: 1 });
        return 1;
      }
      return ++current.count;
    },
  };
}

// One round trip, atomic across processes: count and expiry are set together.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
    hit: async (key, now) => {
      const minute = Math.floor(now.getTime() / 60_000);
      const n = await redis.eval(HIT_SCRIPT, 1, `rl:${key}:${minute}`, '120000');
      return Number(n);
    },
  };
}
