import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createLocalRateLimiter } from '../../src/engine/nucleo/rate-limiter.js';
import { createLocalPubSub } from '../../src/engine/nucleo/pubsub.js';
import { traceMessaging } from '../../src/telemetry/trace-messaging.js';

describe('rate limiting with tracing on', () => {
  it('charges a weighted hit its weight, as without tracing', async () => {
    const traced = traceMessaging(
      { pubsub: createLocalPubSub(), rateLimiter: createLocalRateLimiter() },
      trace.getTracer('test'),
      'local',
    );
    const now = new Date('2026-11-29T12:00:00Z');
    expect(await traced.rateLimiter.hit('key', now, 5)).toBe(5);
    expect(await traced.rateLimiter.hit('key', now)).toBe(6);
  });
});
