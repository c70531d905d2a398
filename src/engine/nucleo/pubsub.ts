import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Notifications published after commit (ids and kinds, never rows). Subscribers reload what they
 * need through the schema. In-process by default; through Redis when several processes share one database.
 */
export interface PubSub {
  publish(topic: string, message: Record<string, unknown>): Promise<void>;
  subscribe(topic: string, signal?: AbortSignal): TopicStream;
  close(): Promise<void>;
}

/**
 * One subscription's messages. `ready` settles once a message published from then on reaches it (through Redis,
 * when its SUBSCRIBE is answered, or at once when Redis is down and the channel waits for it): a subscriber that
 * reads state after `ready` misses no change made between its subscribe and that read.
 */
export interface TopicStream extends AsyncIterableIterator<Record<string, unknown>> {
  readonly ready: Promise<void>;
  return(): Promise<IteratorResult<Record<string, unknown>>>;
}

export function createLocalPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (topic, message) => {
      emitter.emit(topic, message);
    },
    subscribe: (topic, signal) => topicStream(emitter, topic, signal),
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** How the Redis pub/sub behaves when Redis does not answer (open-messaging.ts builds it; tests may omit it). */
export interface RedisPubSubOptions {
  /** Whether Redis is worth a call now; told of a call that failed, and telling when Redis is back. */
  breaker?: { isUp(): boolean; failed(err: unknown): void; onUp(listener: () => void): void };
  /** A message Redis did not carry to other processes (counted for /metrics): the change is committed anyway. */
  onPublishFailed?: (topic: string) => void;
  /**
   * What this process's subscribers of `topic` get when Redis is back, so they read from their own log what other
   * processes committed while it was down (a wake-up of the event log's followers); null: nothing.
   */
  catchUp?: (topic: string) => Record<string, unknown> | null;
}

const alwaysUp = { isUp: () => true, failed: () => {}, onUp: () => {} };

/**
 * Redis is an accelerator: a publish it does not take is counted, never raised (the publisher's change is
 * committed and its own reply must not fail), and still reaches this process's subscribers. A subscription opened
 * while Redis is down waits for no SUBSCRIBE: its channel is subscribed when Redis is back, and then every local
 * subscriber with a `catchUp` message gets it.
 */
export function createRedisPubSub(publisher: Redis, subscriber: Redis, options: RedisPubSubOptions = {}): PubSub {
  const breaker = options.breaker ?? alwaysUp;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  // Redis channels are shared by every local subscriber of a topic: SUBSCRIBE on the first, UNSUBSCRIBE after the last.
  const channels = new Map<string, { count: number; subscribed: Promise<void> }>();
  subscriber.on('message', (channel: string, raw: string) => {
    local.emit(channel, JSON.parse(raw));
  });
  const subscribeChannel = (topic: string): Promise<void> => {
    if (!breaker.isUp()) return Promise.resolve(); // subscribed when Redis is back (onUp below)
    return subscriber.subscribe(topic).then(
      () => undefined,
      (err: unknown) => breaker.failed(err),
    );
  };
  breaker.onUp(() => {
    const topics = [...channels.keys()];
    if (topics.length === 0) return;
    void subscriber.subscribe(...topics).then(
      () => {
        for (const topic of topics) {
          const message = options.catchUp?.(topic);
          if (message) local.emit(topic, message);
        }
      },
      (err: unknown) => breaker.failed(err),
    );
  });
  const failed = (topic: string, message: Record<string, unknown>) => {
    options.onPublishFailed?.(topic);
    local.emit(topic, message);
  };
  return {
    publish: async (topic, message) => {
      if (!breaker.isUp()) return failed(topic, message);
      try {
        await publisher.publish(topic, JSON.stringify(message));
      } catch (err) {
        breaker.failed(err);
        failed(topic, message);
      }
    },
    subscribe: (topic, signal) => {
      const channel = channels.get(topic) ?? { count: 0, subscribed: subscribeChannel(topic) };
      channel.count += 1;
      channels.set(topic, channel);
      // Ends with the consumer (return(), as graphql-ws does when a subscription completes) or with the signal.
      const release = () => {
        channel.count -= 1;
        if (channel.count === 0 && channels.get(topic) === channel) {
          channels.delete(topic);
          if (breaker.isUp()) void subscriber.unsubscribe(topic).catch(() => {});
        }
      };
      return topicStream(local, topic, signal, release, channel.subscribed);
    },
    close: async () => {
      local.removeAllListeners();
    },
  };
}

/**
 * The messages of one topic, from subscription on. Not `events.on`: that keeps two 2,048-slot queues per
 * iterator, most of an idle subscriber's memory; an idle subscription here holds one listener and an empty array.
 * Not an async generator either: a generator's return() waits for its pending next(), so a subscription ended by
 * its client (graphql-ws calls return()) would stay registered until the next message arrived. Here return()
 * ends a pending next() at once, and `onEnd` runs exactly once.
 */
function topicStream(
  emitter: EventEmitter,
  topic: string,
  signal?: AbortSignal,
  onEnd: () => void = () => {},
  // Never rejects: a SUBSCRIBE Redis refuses is the breaker's, and the channel is subscribed again when Redis is back.
  ready: Promise<void> = Promise.resolve(),
): TopicStream {
  const done = { done: true as const, value: undefined };
  const queue: Array<Record<string, unknown>> = [];
  let waiting: ((result: IteratorResult<Record<string, unknown>>) => void) | null = null;
  let ended = false;
  const listener = (message: Record<string, unknown>) => {
    if (!waiting) return void queue.push(message);
    const resolve = waiting;
    waiting = null;
    resolve({ done: false, value: message });
  };
  const end = () => {
    if (ended) return;
    ended = true;
    emitter.off(topic, listener);
    signal?.removeEventListener('abort', end);
    queue.length = 0;
    waiting?.(done);
    waiting = null;
    onEnd();
  };
  emitter.on(topic, listener);
  if (signal?.aborted) end();
  else signal?.addEventListener('abort', end, { once: true });

  const iterator: TopicStream = {
    ready,
    async next() {
      if (!ended) await ready;
      if (queue.length) return { done: false, value: queue.shift()! };
      if (ended) return done;
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    async return() {
      end();
      return done;
    },
    async throw(err?: unknown) {
      end();
      throw err;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
