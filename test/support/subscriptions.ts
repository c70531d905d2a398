import { createClient, type Client, type ExecutionResult } from 'graphql-ws';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import WebSocket from 'ws';
import type { EngineDeps } from '../../src/engine/engine-deps.js';
import type { TopicStream } from '../../src/engine/nucleo/pubsub.js';
import { until } from './wait.js';

/** A real graphql-ws client on `ws://…/graphql` with the key in connectionParams. */
export function wsClient(baseUrl: string, key: string | null): Client {
  return createClient({
    url: `${baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: key ? { authorization: `Bearer ${key}` } : undefined,
    retryAttempts: 0,
    lazy: true,
  });
}

/** wsClient for a test file: every client it makes is disposed after the file's tests. */
export function wsClients(baseUrl: () => string): (key: string | null) => Client {
  const clients: Client[] = [];
  afterAll(async () => Promise.all(clients.map(async (c) => c.dispose())));
  return (key) => {
    const c = wsClient(baseUrl(), key);
    clients.push(c);
    return c;
  };
}

export interface Collected {
  results: ExecutionResult<Record<string, any>>[];
  readonly error: unknown;
  readonly done: boolean;
  dispose(): void;
}

/** Everything one subscription delivers; `error` holds a close event (e.g. code 4403) when the socket ends. */
export function collect(client: Client, query: string, variables: Record<string, unknown> = {}): Collected {
  const results: ExecutionResult<Record<string, any>>[] = [];
  let error: unknown = null;
  let done = false;
  const dispose = client.subscribe(
    { query, variables },
    {
      next: (r) => void results.push(r as ExecutionResult<Record<string, any>>),
      error: (e) => {
        error = e;
        done = true;
      },
      complete: () => {
        done = true;
      },
    },
  );
  return {
    results,
    dispose,
    get error() {
      return error;
    },
    get done() {
      return done;
    },
  };
}

/**
 * Counts the bus subscriptions the server opens, so a test triggers a change only once the subscription is
 * live (graphql-ws has no "subscribed" acknowledgement). With Redis, also waits for the channel's SUBSCRIBE.
 */
export function watchBus(engine: EngineDeps, redisUrl?: string | null) {
  const real = engine.pubsub;
  const opened = new Map<string, TopicStream[]>();
  engine.pubsub = {
    publish: (topic, message) => real.publish(topic, message),
    close: () => real.close(),
    subscribe: (topic, signal) => {
      const stream = real.subscribe(topic, signal);
      opened.set(topic, [...(opened.get(topic) ?? []), stream]);
      return stream;
    },
  };
  return {
    opened: (topic: string) => opened.get(topic)?.length ?? 0,
    live: async (topic: string, n = 1) => {
      await until(() => (opened.get(topic)?.length ?? 0) >= n, `subscription to ${topic}`);
      await opened.get(topic)![n - 1]!.ready;
      if (redisUrl) await untilRedisChannel(redisUrl, topic);
    },
  };
}

/** Waits until some connection has SUBSCRIBEd to the Redis channel (another process's subscriber, too). */
export async function untilRedisChannel(redisUrl: string, channel: string) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    await until(async () => {
      const [, n] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
      return Number(n) > 0;
    }, `Redis channel ${channel}`);
  } finally {
    redis.disconnect();
  }
}
