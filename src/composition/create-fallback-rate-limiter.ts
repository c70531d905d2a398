import type { RateLimiter } from '../engine/nucleo/rate-limiter.js';
import type { RedisBreaker } from './create-redis-breaker.js';

/**
 * The shared limiter while Redis answers; this process's own count while it does not. Each process then allows
 * the limit divided by `processes` (RATE_LIMIT_PROCESSES, the API processes sharing the keys): its local count is
 * scaled up by that factor, so every caller's own limit (the API's, the panel's) splits without knowing.
 */
export function createFallbackRateLimiter(
  shared: RateLimiter,
  local: RateLimiter,
  options: { breaker: Pick<RedisBreaker, 'isUp' | 'failed'>; processes: number; onFallback?: () => void },
): RateLimiter {
  const { breaker, processes } = options;
  const fallback = async (...args: Parameters<RateLimiter['hit']>) => {
    options.onFallback?.();
    return (await local.hit(...args)) * processes;
  };
  return {
    hit: async (...args) => {
      if (!breaker.isUp()) return fallback(...args);
      try {
        return await shared.hit(...args);
      } catch (err) {
        breaker.failed(err);
        return fallback(...args);
      }
    },
  };
}
