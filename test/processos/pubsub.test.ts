import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalPubSub, createRedisPubSub, type PubSub } from '../../src/engine/nucleo/pubsub.js';
import { usingRedis } from '../support/test-app.js';

const connections: Redis[] = [];
const connect = () => {
  const r = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  connections.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(connections.map((r) => r.quit()));
});

/** Redis subscribers of a channel, or null in memory (nothing to ask). */
const redisSubscribers = async (channel: string): Promise<number | null> => {
  if (!usingRedis()) return null;
  const [, n] = (await connect().pubsub('NUMSUB', channel)) as [string, number];
  return Number(n);
};

async function untilSubscribed(channel: string, n: number) {
  if (!usingRedis()) return;
  const deadline = Date.now() + 5_000;
  while ((await redisSubscribers(channel)) !== n) {
    if (Date.now() > deadline) throw new Error(`channel ${channel} never reached ${n} subscribers`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// In memory always; through Redis (two processes' worth of connections) when REDIS_URL is set.
const make = (): { a: PubSub; b: PubSub } => {
  if (!usingRedis()) {
    const one = createLocalPubSub();
    return { a: one, b: one };
  }
  return { a: createRedisPubSub(connect(), connect()), b: createRedisPubSub(connect(), connect()) };
};

describe(`pub/sub (${usingRedis() ? 'Redis, across connections' : 'in process'})`, () => {
  it('delivers a published message to every subscriber of the topic, and only theirs', async () => {
    const { a, b } = make();
    const topic = `empresa:${randomUUID()}`;
    const first = a.subscribe(topic)[Symbol.asyncIterator]();
    const second = a.subscribe(topic)[Symbol.asyncIterator]();
    const other = a.subscribe(`empresa:${randomUUID()}`)[Symbol.asyncIterator]();
    const [p1, p2] = [first.next(), second.next()];
    let otherGot = false;
    void other.next().then(() => (otherGot = true));
    await untilSubscribed(topic, 1);
    await b.publish(topic, { id: 'x' });
    expect((await p1).value).toEqual({ id: 'x' });
    expect((await p2).value).toEqual({ id: 'x' });
    expect(otherGot).toBe(false);
    await Promise.all([first.return!(), second.return!(), other.return!()]);
  });

  it('releases the channel when the last subscriber ends, not before', async () => {
    const { a, b } = make();
    const topic = `empresa:${randomUUID()}`;
    const first = a.subscribe(topic)[Symbol.asyncIterator]();
    const second = a.subscribe(topic)[Symbol.asyncIterator]();
    const pending = [first.next(), second.next()];
    await untilSubscribed(topic, 1);
    await first.return!();
    await pending[0];
    // The other subscriber of the same topic still receives.
    await b.publish(topic, { n: 1 });
    expect((await pending[1]!).value).toEqual({ n: 1 });
    expect(await redisSubscribers(topic)).toBe(usingRedis() ? 1 : null);
    await second.return!();
    await untilSubscribed(topic, 0);
    expect(await redisSubscribers(topic)).toBe(usingRedis() ? 0 : null);
  });

  it('an aborted signal ends the subscription', async () => {
    const { a } = make();
    const topic = `empresa:${randomUUID()}`;
    const controller = new AbortController();
    const iterator = a.subscribe(topic, controller.signal)[Symbol.asyncIterator]();
    const next = iterator.next();
    await untilSubscribed(topic, 1);
    controller.abort();
    expect((await next).done).toBe(true);
    await untilSubscribed(topic, 0);
  });
});
