import { Redis } from 'ioredis';
import { createLocalPubSub, createRedisPubSub, type PubSub } from '../engine/nucleo/pubsub.js';
import { createLocalRateLimiter, createRedisRateLimiter, type RateLimiter } from '../engine/nucleo/rate-limiter.js';

export interface Messaging {
  pubsub: PubSub;
  rateLimiter: RateLimiter;
  /** Closes pub/sub, then the Redis connections. */
  close(): Promise<void>;
}

/** Pub/sub and the rate limiter: over Redis when REDIS_URL is set (several processes), else in this process. */
export function openMessaging(redisUrl: string | null): Messaging {
  if (!redisUrl) {
    const pubsub = createLocalPubSub();
    return { pubsub, rateLimiter: createLocalRateLimiter(), close: () => pubsub.close() };
  }
  // Auto-pipelining: the commands one tick issues (a note's publishes, the rate limit's of many requests) leave
  // in one write; a subscriber connection issues none, so it has no use for it.
  const [command, publisher, subscriber] = [true, true, false].map(
    (enableAutoPipelining) =>
      new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3, enableAutoPipelining }),
  ) as [Redis, Redis, Redis];
  const pubsub = createRedisPubSub(publisher, subscriber);
  return {
    pubsub,
    rateLimiter: createRedisRateLimiter(command),
    close: async () => {
      await pubsub.close();
      await Promise.all([command, publisher, subscriber].map((r) => r.quit().catch(() => r.disconnect())));
    },
  };
}
