// Retry waits after an outage or a lost answer, roughly doubling up to 30 minutes; recovery gives up after 7 days.
const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000];

/**
 * The wait before the next attempt after `failures` failed ones. Jitter takes up to half of the step off, so the
 * jobs an outage failed together come back spread out instead of all at once; the step itself is the longest
 * wait, so a job is always due once its step has passed. `random` answers in [0, 1) (JobSettings.random).
 */
export function backoff(failures: number, random: () => number = Math.random): number {
  const step = BACKOFF_MS[Math.min(Math.max(failures, 0), BACKOFF_MS.length - 1)]!;
  return step - Math.floor(random() * (step / 2));
}
