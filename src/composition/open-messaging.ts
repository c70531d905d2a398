import { Redis } from 'ioredis';
import { anyEventsTopic } from '../engine/eventos/events-topic.js';
import { createLocalPubSub, createRedisPubSub, type PubSub } from '../engine/nucleo/pubsub.js';
import { createLocalRateLimiter, createRedisRateLimiter, type RateLimiter } from '../engine/nucleo/rate-limiter.js';
import { createFallbackRateLimiter } from './create-fallback-rate-limiter.js';
import { createRedisBreaker } from './create-redis-breaker.js';

/** The longest a request waits for Redis: the first call after it stops answering; later calls skip it. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** What /readyz and /metrics tell of Redis: absent (no REDIS_URL), up, or down with the counts of its absence. */
export interface RedisStatus {
  state: 'absent' | 'up' | 'down';
  /** Messages Redis did not carry to other processes since start. */
  publishFailures: number;
  /** Requests counted by this process alone because Redis did not answer. */
  rateLimitFallbacks: number;
}

export interface Messaging {
  pubsub: PubSub;
  rateLimiter: RateLimiter;
  redisStatus(): RedisStatus;
  /** Closes pub/sub, then the Redis connections. */
  close(): Promise<void>;
}

export interface MessagingOptions {
  redisUrl: string | null;
  /** RATE_LIMIT_PROCESSES: the API processes sharing each key's limit while Redis is down. */
  rateLimitProcesses?: number;
  onRedisDown?: (err: unknown) => void;
}

/**
 * The event log's wake-ups: after Redis was down, this process's followers read what other processes committed
 * meanwhile. Other topics carry one change each, which is not replayed.
 */
const catchUp = (topic: string) => (topic === anyEventsTopic || topic.startsWith(`${anyEventsTopic}:`) ? {} : null);

/** Pub/sub and the rate limiter: over Redis when REDIS_URL is set (several processes), else in this process. */
export function openMessaging(options: MessagingOptions): Messaging {
  const { redisUrl } = options;
  if (!redisUrl) {
    const pubsub = createLocalPubSub();
    const redisStatus = (): RedisStatus => ({ state: 'absent', publishFailures: 0, rateLimitFallbacks: 0 });
    return { pubsub, rateLimiter: createLocalRateLimiter(), redisStatus, close: () => pubsub.close() };
  }
  // Auto-pipelining: the commands one tick issues (a note's publishes, the rate limit's of many requests) leave
  // in one write; a subscriber connection issues none, so it has no use for it. No offline queue and a command
  // timeout: a command Redis cannot take fails at once (or within the timeout) instead of waiting for it to come
  // back, and is not replayed later. The subscriber's channels are subscribed again by the pub/sub itself.
  const [command, publisher, subscriber] = [true, true, false].map(
    (enableAutoPipelining) =>
      new Redis(redisUrl, {
        lazyConnect: false,
        enableAutoPipelining,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        autoResendUnfulfilledCommands: false,
        autoResubscribe: false,
      }),
  ) as [Redis, Redis, Redis];
  const counts = { publishFailures: 0, rateLimitFallbacks: 0 };
  const breaker = createRedisBreaker([command, publisher, subscriber], { onTrip: options.onRedisDown });
  const pubsub = createRedisPubSub(publisher, subscriber, {
    breaker,
    catchUp,
    onPublishFailed: () => void counts.publishFailures++,
  });
  const rateLimiter = createFallbackRateLimiter(createRedisRateLimiter(command), createLocalRateLimiter(), {
    breaker,
    processes: options.rateLimitProcesses ?? 1,
    onFallback: () => void counts.rateLimitFallbacks++,
  });
  return {
    pubsub,
    rateLimiter,
    redisStatus: () => ({ state: breaker.isUp() ? 'up' : 'down', ...counts }),
    close: async () => {
      breaker.close();
      await pubsub.close();
      await Promise.all([command, publisher, subscriber].map((r) => r.quit().catch(() => r.disconnect())));
    },
  };
}
