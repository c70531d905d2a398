import { describe, expect, it } from 'vitest';
import type { TopicStream } from './pubsub.js';
import { startWithCurrent } from './start-with-current.js';

/** A stream whose readiness and messages the test gives by hand. */
function handStream() {
  let ready!: () => void;
  const messages: Array<(r: IteratorResult<Record<string, unknown>>) => void> = [];
  let returned = 0;
  const stream: TopicStream = {
    ready: new Promise<void>((resolve) => (ready = resolve)),
    next: () => new Promise((resolve) => messages.push(resolve)),
    return: async () => {
      returned += 1;
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => stream,
  };
  return {
    stream,
    ready: () => ready(),
    send: (m: Record<string, unknown>) => messages.shift()!({ done: false, value: m }),
    returned: () => returned,
  };
}

describe('startWithCurrent', () => {
  it('emits the current message once the stream is ready, then the stream’s own', async () => {
    const h = handStream();
    const s = startWithCurrent(h.stream, { id: 'n1' });
    let first: IteratorResult<Record<string, unknown>> | null = null;
    const pending = s.next().then((r) => (first = r));
    await new Promise((r) => setTimeout(r, 10));
    expect(first).toBeNull();
    h.ready();
    expect(await pending).toEqual({ done: false, value: { id: 'n1' } });
    const second = s.next();
    h.send({ id: 'n1', status: 'autorizada' });
    expect(await second).toEqual({ done: false, value: { id: 'n1', status: 'autorizada' } });
  });

  it('ended before it was ready: emits nothing, and releases the stream once', async () => {
    const h = handStream();
    const s = startWithCurrent(h.stream, { id: 'n1' });
    const pending = s.next();
    await s.return();
    h.ready();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(h.returned()).toBe(1);
  });
});
