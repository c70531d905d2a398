// The deadline shared by a claimed batch's attempts (webhook-worker.ts attemptBatch). That undici aborts a
// request on it, recorded as a timeout, is shown end to end by timeout.test.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BatchDeadline } from '../../src/engine/webhooks/batch-deadline.js';

describe('BatchDeadline', () => {
  it('calls each listener still attached once when the time is up, with a TimeoutError as its reason', async () => {
    const deadline = new BatchDeadline(30);
    const calls: string[] = [];
    const a = () => calls.push('a');
    const b = () => calls.push('b');
    const c = () => calls.push('c');
    deadline.once('abort', a).once('abort', b).on('abort', c);
    deadline.removeListener('abort', b);
    expect(deadline.aborted).toBe(false);
    await sleep(80);
    expect(calls.sort()).toEqual(['a', 'c']);
    expect(deadline.aborted).toBe(true);
    expect(deadline.reason?.name).toBe('TimeoutError');
    await sleep(40);
    expect(calls).toHaveLength(2);
  });

  it('calls nobody once cleared', async () => {
    const deadline = new BatchDeadline(20);
    let called = false;
    deadline.once('abort', () => (called = true));
    deadline.clear();
    await sleep(60);
    expect(called).toBe(false);
    expect(deadline.aborted).toBe(false);
  });
});
