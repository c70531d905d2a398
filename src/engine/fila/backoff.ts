// Retry waits after an outage or a lost answer; recovery gives up after 7 days.
const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000];
export const backoff = (failures: number): number => BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
