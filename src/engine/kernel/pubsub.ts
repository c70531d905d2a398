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
    subscribe: (topic, signal) => mapFirstArg(on(emitter, topic, { signal })),
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisPubSub(publisher: Redis, subscriber: Redis): PubSub {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  subscriber.on('message', (channel: string, raw: string) => {
    local.emit(channel, JSON.parse(raw));
  });
  return {
    publish: async (topic, message) => {
      await publisher.publish(topic, JSON.stringify(message));
    },
    subscribe: (topic, signal) => {
      const n = (counts.get(topic) ?? 0) + 1;
      counts.set(topic, n);
      if (n === 1) void subscriber.subscribe(topic);
      signal?.addEventListener('abort', () => {
        const left = (counts.get(topic) ?? 1) - 1;
        counts.set(topic, left);
        if (left === 0) void subscriber.unsubscribe(topic);
      });
      return mapFirstArg(on(local, topic, { signal }));
    },
    close: async () => {
      local.removeAllListeners();
    },
  };
}

async function* mapFirstArg(source: AsyncIterable<unknown[]>): AsyncIterable<Record<string, unknown>> {
  try {
    for await (const args of source) yield args[0] as Record<string, unknown>;
  } catch (err) {
    if ((err as Error).name !== 'AbortError') throw err;
  }
}
