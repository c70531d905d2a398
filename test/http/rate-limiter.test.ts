import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createLocalRateLimiter,
  createRedisRateLimiter,
  RATE_LIMIT_PER_MINUTE,
  type RateLimiter,
} from '../../src/engine/nucleo/rate-limiter.js';
import { usingRedis } from '../support/test-app.js';

const connections: Redis[] = [];
const redis = () => {
  const r = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  connections.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(connections.map((r) => r.quit()));
});

// The Redis variant is exercised whenever REDIS_URL is set (CI); the local one always.
const variants: Array<[string, () => RateLimiter]> = [
  ['local', createLocalRateLimiter],
  ...(usingRedis() ? [['redis', () => createRedisRateLimiter(redis())] as [string, () => RateLimiter]] : []),
];

const at = (iso: string) => new Date(iso);

describe.each(variants)('%s rate limiter', (_name, make) => {
  it('counts hits of one key within a clock minute, this one included', async () => {
    const limiter = make();
    const key = randomUUID();
    const counts: number[] = [];
    for (let i = 0; i < RATE_LIMIT_PER_MINUTE + 1; i++) counts.push(await limiter.hit(key, at('2026-11-02T12:00:30Z')));
    expect(counts).toEqual(Array.from({ length: RATE_LIMIT_PER_MINUTE + 1 }, (_, i) => i + 1));
    expect(RATE_LIMIT_PER_MINUTE).toBe(120);
  });

  it('adds a weight of request units when one is given', async () => {
    const limiter = make();
    const key = randomUUID();
    const now = at('2026-11-02T12:00:30Z');
    expect(await limiter.hit(key, now, 25)).toBe(25);
    expect(await limiter.hit(key, now)).toBe(26);
    expect(await limiter.hit(key, now, 94)).toBe(120);
    expect(await limiter.hit(key, at('2026-11-02T12:01:00Z'), 3)).toBe(3);
  });

  it('uses fixed windows aligned to the clock minute', async () => {
    const limiter = make();
    const key = randomUUID();
    expect(await limiter.hit(key, at('2026-11-02T12:00:00.000Z'))).toBe(1);
    expect(await limiter.hit(key, at('2026-11-02T12:00:59.999Z'))).toBe(2);
    // 1 ms later is a new minute, although only 1 ms passed since the previous hit.
    expect(await limiter.hit(key, at('2026-11-02T12:01:00.000Z'))).toBe(1);
    expect(await limiter.hit(key, at('2026-11-02T12:01:59.000Z'))).toBe(2);
    // A late hit of an old minute does not disturb counting in a later one.
    expect(await limiter.hit(key, at('2026-11-02T12:05:00.000Z'))).toBe(1);
  });

  it('keeps keys apart', async () => {
    const limiter = make();
    const [k1, k2] = [randomUUID(), randomUUID()];
    const now = at('2026-11-02T12:00:10Z');
    for (let i = 0; i < 5; i++) await limiter.hit(k1, now);
    expect(await limiter.hit(k2, now)).toBe(1);
    expect(await limiter.hit(k1, now)).toBe(6);
  });

  it('counts concurrent hits exactly once each', async () => {
    const limiter = make();
    const key = randomUUID();
    const now = at('2026-11-02T12:00:10Z');
    const counts = await Promise.all(Array.from({ length: 50 }, () => limiter.hit(key, now)));
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('sharing between processes', () => {
  it(`two limiters ${usingRedis() ? 'on one Redis share' : 'in memory do not share'} a key's count`, async () => {
    const key = randomUUID();
    const now = at('2026-11-02T12:00:10Z');
    if (usingRedis()) {
      const [c1, c2] = [redis(), redis()];
      const [one, two] = [createRedisRateLimiter(c1), createRedisRateLimiter(c2)];
      for (let i = 0; i < 60; i++) await one.hit(key, now);
      expect(await two.hit(key, now)).toBe(61);
      // Counters expire on their own after their minute (one Lua script sets count and expiry together).
      const ttl = await c1.pttl(`rl:${key}:${Math.floor(now.getTime() / 60_000)}`);
      expect(ttl).toBeGreaterThan(60_000);
      expect(ttl).toBeLessThanOrEqual(120_000);
    } else {
      const [one, two] = [createLocalRateLimiter(), createLocalRateLimiter()];
      for (let i = 0; i < 60; i++) await one.hit(key, now);
      expect(await two.hit(key, now)).toBe(1);
    }
  });
});
