import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls until `check` returns a value other than undefined/false and returns it (real time: for work running in
 * the background); fails after `timeoutMs`.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Polls a condition every 20 ms until it holds (in-process state, such as messages a client received). */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what = 'condition',
  ms = 10_000,
): Promise<void> {
  await waitFor(async () => (await condition()) || undefined, what, ms, 20);
}
