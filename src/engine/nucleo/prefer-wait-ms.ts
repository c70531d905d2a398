/** `Prefer: wait=N`: how long an issuing call waits for the authority's outcome before answering 202. */
export const DEFAULT_WAIT_SECONDS = 10;
export const MAX_WAIT_SECONDS = 60;

export const preferWaitMs = (seconds: number | undefined): number =>
  Math.min(Math.max(seconds ?? DEFAULT_WAIT_SECONDS, 0), MAX_WAIT_SECONDS) * 1000;
