// The deadline shared by a volley's attempts (webhook-worker.ts attemptVolley). That an attempt cut off by
// it is aborted and recorded as a timeout is shown end to end by test/webhooks/timeout.test.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { VolleyDeadline } from './volley-deadline.js';

const watcher = (name: string, calls: string[]) => ({ expire: () => calls.push(name) });

describe('VolleyDeadline', () => {
  it('expires every watched attempt once when the time is up, with a TimeoutError in Portuguese as its reason', async () => {
    const deadline = new VolleyDeadline(30);
    const calls: string[] = [];
    deadline.watch(watcher('a', calls));
    deadline.watch(watcher('b', calls));
    expect(deadline.aborted).toBe(false);
    await sleep(80);
    expect(calls.sort()).toEqual(['a', 'b']);
    expect(deadline.aborted).toBe(true);
    expect(deadline.reason?.name).toBe('TimeoutError');
    expect(deadline.reason?.message).toBe('sem resposta em 0.03 segundos');
    await sleep(40);
    expect(calls).toHaveLength(2);
  });

  it('expires nobody once cleared', async () => {
    const deadline = new VolleyDeadline(20);
    const calls: string[] = [];
    deadline.watch(watcher('a', calls));
    deadline.clear();
    await sleep(60);
    expect(calls).toEqual([]);
    expect(deadline.aborted).toBe(false);
  });
});
