import type { TopicStream } from './pubsub.js';

/**
 * One resource's changes, led by `current`: a message naming the resource, emitted once the stream is ready, which
 * the subscriber resolves to the resource as committed then. A change committed after the subscriber last read the
 * resource and before its SUBSCRIBE reached Redis is heard of by no wake-up; it is in that first state. Not an async
 * generator (pubsub.ts): return() ends a pending next() at once.
 */
export function startWithCurrent(stream: TopicStream, current: Record<string, unknown>): TopicStream {
  let first = true;
  let ended = false;
  const done = { done: true as const, value: undefined };
  const iterator: TopicStream = {
    ready: stream.ready,
    async next() {
      if (!first) return stream.next();
      first = false;
      await stream.ready;
      return ended ? done : { done: false, value: current };
    },
    async return() {
      ended = true;
      return stream.return();
    },
    async throw(err?: unknown) {
      ended = true;
      await stream.return();
      throw err;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
