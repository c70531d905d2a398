import type { Tracer } from '@opentelemetry/api';
import type { PubSub } from '../engine/nucleo/pubsub.js';
import type { RateLimiter } from '../engine/nucleo/rate-limiter.js';
import { inChildSpan } from './in-child-span.js';

/** Pub/sub publishes and rate-limit hits made inside a trace, each a span: the Redis calls of a request or a job. */
export function traceMessaging<T extends { pubsub: PubSub; rateLimiter: RateLimiter }>(
  messaging: T,
  tracer: Tracer,
  system: 'redis' | 'local',
): T {
  const { pubsub, rateLimiter } = messaging;
  return {
    ...messaging,
    pubsub: {
      publish: (topic, message) =>
        inChildSpan(tracer, 'pubsub publish', { 'db.system.name': system, 'messaging.destination.name': topic }, () =>
          pubsub.publish(topic, message),
        ),
      subscribe: (topic, signal) => pubsub.subscribe(topic, signal),
      close: () => pubsub.close(),
    },
    rateLimiter: {
      // The weight is a GraphQL document's cost in requests: dropping it would charge every document as one.
      hit: (key, now, weight) =>
        inChildSpan(tracer, 'rate_limit hit', { 'db.system.name': system }, () => rateLimiter.hit(key, now, weight)),
    },
  };
}
