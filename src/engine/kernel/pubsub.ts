import { EventEmitter, on } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Notifications published after commit (ids and kinds, never rows: STYLE.md). Subscribers reload what they
 * need through the schema. In-process by default; through Redis when several processes share one database.
 */
export interface PubSub {
  publish(topic: string, message: Record<string, unknown>): Promise<void>;
  subscribe(topic: string, signal?: AbortSignal): AsyncIterable<Record<string, unknown>>;
  close(): Promise<void>;
}

export function createLocalPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (topic, message) => {
      emitter.emit(topic, message);
    },
    subscribe: (topic, signal) => firstArgs(on(emitter, topic, { signal })),
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisPubSub(publisher: Redis, subscriber: Redis): PubSub {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  // Redis channels are shared by every local subscriber of a topic: SUBSCRIBE on the first, UNSUBSCRIBE after the last.
  const channels = new Map<string, { count: number; subscribed: Promise<unknown> }>();
  subscriber.on('message', (channel: string, raw: string) => {
    local.emit(channel, JSON.parse(raw));
  });
  const subscribeChannel = (topic: string) => {
    const subscribed = subscriber.subscribe(topic);
    subscribed.catch(() => {}); // a failure surfaces in the iterator's next(), never as an unhandled rejection
    return subscribed;
  };
  return {
    publish: async (topic, message) => {
      await publisher.publish(topic, JSON.stringify(message));
    },
    subscribe: (topic, signal) => {
      const events = on(local, topic, { signal });
      const channel = channels.get(topic) ?? { count: 0, subscribed: subscribeChannel(topic) };
      channel.count += 1;
      channels.set(topic, channel);
      let released = false;
      // Ends with the consumer (return(), as graphql-ws does when a subscription completes) or with the signal.
      const release = () => {
        if (released) return;
        released = true;
        channel.count -= 1;
        if (channel.count === 0 && channels.get(topic) === channel) {
          channels.delete(topic);
          void subscriber.unsubscribe(topic).catch(() => {});
        }
      };
      signal?.addEventListener('abort', release, { once: true });
      return firstArgs(events, release, channel.subscribed);
    },
    close: async () => {
      local.removeAllListeners();
    },
  };
}

/**
 * The messages of an `events.on` iterator. Not an async generator on purpose: a generator's return() waits for
 * its pending next(), so a subscription ended by its client (graphql-ws calls return()) would stay registered
 * until the next message arrived. Here return() ends a pending next() at once, and `onEnd` runs exactly once.
 */
function firstArgs(
  events: AsyncIterableIterator<unknown[]>,
  onEnd: () => void = () => {},
  ready?: Promise<unknown>,
): AsyncIterableIterator<Record<string, unknown>> {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const done = { done: true as const, value: undefined };
  const iterator: AsyncIterableIterator<Record<string, unknown>> = {
    async next() {
      try {
        if (ready) await ready;
        const result = await events.next();
        if (!result.done) return { done: false, value: result.value[0] as Record<string, unknown> };
      } catch (err) {
        end();
        if ((err as Error).name === 'AbortError') return done;
        throw err;
      }
      end();
      return done;
    },
    async return() {
      end();
      await events.return?.();
      return done;
    },
    async throw(err?: unknown) {
      end();
      await events.return?.();
      throw err;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
