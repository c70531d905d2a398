import { describe, expect, it } from 'vitest';
import { retryOnConnectionLost } from './retry-on-connection-lost.js';

/** A write that fails `failures` times with `error`, then succeeds; counts its tries. */
function flaky(failures: number, error: unknown) {
  let tries = 0;
  return {
    write: async () => {
      tries += 1;
      if (tries <= failures) throw error;
      return 'gravado';
    },
    tries: () => tries,
  };
}

const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('retryOnConnectionLost', () => {
  it('keeps trying while the connection is lost, across eleven failures by default', async () => {
    const w = flaky(11, terminated);
    await expect(retryOnConnectionLost(w.write, { delayMs: 1 })).resolves.toBe('gravado');
    expect(w.tries()).toBe(12);
  });

  it('gives up after its attempts, throwing the last error', async () => {
    const w = flaky(12, terminated);
    await expect(retryOnConnectionLost(w.write, { delayMs: 1 })).rejects.toBe(terminated);
    expect(w.tries()).toBe(12);
  });

  it('throws any other error at once', async () => {
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    const w = flaky(1, unique);
    await expect(retryOnConnectionLost(w.write, { delayMs: 1 })).rejects.toBe(unique);
    expect(w.tries()).toBe(1);
  });
});
