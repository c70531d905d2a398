/**
 * The messages of a bus iterator that pass `keep`. Not an async generator, for the reason given in pubsub.ts:
 * return() must end a pending next() at once, so an unsubscribing client releases its bus subscription.
 */
export function filterStream<T>(source: AsyncIterable<T>, keep: (message: T) => boolean): AsyncIterableIterator<T> {
  const inner = source[Symbol.asyncIterator]();
  const iterator: AsyncIterableIterator<T> = {
    async next() {
      for (;;) {
        const result = await inner.next();
        if (result.done || keep(result.value)) return result;
      }
    },
    return: async () => (await inner.return?.()) ?? { done: true, value: undefined },
    throw: async (err?: unknown) => {
      await inner.return?.();
      throw err;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
