import { HOUR, MINUTE } from '../nucleo/clock.js';

/** Wait before attempts 2..13, counted from the previous attempt. Attempt 14 is at 72 h. */
const WAITS = [1, 5, 15, 30, 60, 120, 240, 480, 720, 720, 720, 720].map((m) => m * MINUTE);
export const DELIVERY_WINDOW = 72 * HOUR;
export const MAX_ATTEMPTS = 14;

/**
 * When the next attempt is due after attempt `done` failed at `lastAt`, or null when the delivery has failed
 * for good (`falhou`): after the 14th attempt, or once 72 hours from the first have passed.
 */
export function nextAttemptAt(firstAt: Date, lastAt: Date, done: number): Date | null {
  const deadline = firstAt.getTime() + DELIVERY_WINDOW;
  if (done >= MAX_ATTEMPTS || lastAt.getTime() >= deadline) return null;
  const wait = WAITS[done - 1];
  // Attempt 14 takes "whatever remains" of the 72 hours; a late earlier attempt never pushes past it either.
  return new Date(wait === undefined ? deadline : Math.min(lastAt.getTime() + wait, deadline));
}
