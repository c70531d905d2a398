// The delivery pipeline's steps, each alone over a DeliveryState whose stages are stand-ins (no database, no
// receiver): what each step asks for, launches, records and flags. The whole pipeline against a database and
// receivers is covered by the other files of this folder and test/processos/webhook-*.test.ts.
import { describe, expect, it, vi } from 'vitest';
import type { Attempt } from '../../src/engine/webhooks/attempt-delivery.js';
import type { ClaimedDelivery } from '../../src/engine/webhooks/claim-deliveries.js';
import type { DeliveryStages } from '../../src/worker/webhooks/delivery-stages.js';
import { createDeliveryState, type DeliveryState } from '../../src/worker/webhooks/delivery-state.js';
import { launchVolley } from '../../src/worker/webhooks/launch-volley.js';
import { scheduleFanOut } from '../../src/worker/webhooks/schedule-fan-out.js';
import { scheduleRoundTrip } from '../../src/worker/webhooks/schedule-round-trip.js';
import { startFanOut } from '../../src/worker/webhooks/start-fan-out.js';
import { startRoundTrip } from '../../src/worker/webhooks/start-round-trip.js';

const delivery = (id: string, flight: string | null = null) => ({ id, flight }) as ClaimedDelivery;
const attemptOf = (d: ClaimedDelivery) => ({ delivery: d, status: 'entregue' }) as Attempt;

/** Stages that answer at once; `attempt` makes every attempt unless told which are not made. */
function stagesWith(over: Partial<DeliveryStages> = {}, notMade = new Set<string>()): DeliveryStages {
  return {
    fanOut: async () => ({ claimed: [], more: false }),
    recordAndClaim: async () => [],
    attempt: async (claimed, done) => {
      const made: Attempt[] = [];
      for (const d of claimed) {
        const a = notMade.has(d.id) ? null : attemptOf(d);
        done(d, a, false);
        if (a) made.push(a);
      }
      return made;
    },
    revive: async () => 0,
    ...over,
  };
}

const stateWith = (stages: DeliveryStages, concurrency = 8): DeliveryState =>
  createDeliveryState(stages, { error: vi.fn() } as never, { pollMs: 5, concurrency });

/** The wake-up was notified (a pending notify makes the wait return true at once). */
const notified = (wake: DeliveryState['deliverWake']) => wake.wait(0);

describe('launchVolley (deliver)', () => {
  it('holds a slot per attempt until it ends, keeps the attempts made for the next trip, and wakes the deliverer', async () => {
    const s = stateWith(stagesWith({}, new Set(['b'])));
    launchVolley(s, [delivery('a', 'f1'), delivery('b', 'f1'), delivery('c')]);
    await Promise.all(s.volleys);
    expect(s.attempting).toBe(0);
    expect(s.finished.map((a) => a.delivery.id)).toEqual(['a', 'c']);
    expect(s.volleys.size).toBe(0);
    expect(await notified(s.deliverWake)).toBe(true);
  });
});

describe('startRoundTrip (record and claim)', () => {
  it('records what finished with the complete flights, launches what it claims, and marks a short claim drained', async () => {
    const claimed = [delivery('n1')];
    const recordAndClaim = vi.fn(async () => claimed);
    const s = stateWith(stagesWith({ recordAndClaim }));
    launchVolley(s, [delivery('a', 'f1')]);
    await Promise.all(s.volleys);
    const trip = startRoundTrip(s, 4);
    expect(s.asked).toBe(4);
    expect(s.finished).toEqual([]);
    await trip;
    expect(recordAndClaim).toHaveBeenCalledWith([expect.objectContaining({ delivery: delivery('a', 'f1') })], 4, []);
    expect(s.asked).toBe(0);
    expect(s.drained).toBe(true);
    // The flight's attempt is in a committed trip: its row goes with the next one.
    expect(s.flights.take()).toEqual(['f1']);
    await Promise.all(s.volleys);
    expect(s.finished.map((a) => a.delivery.id)).toEqual(['n1']);
  });

  it('flags a failed trip and leaves its flights to their leases', async () => {
    const s = stateWith(stagesWith({ recordAndClaim: async () => Promise.reject(new Error('banco fora')) }));
    launchVolley(s, [delivery('a', 'f1')]);
    await Promise.all(s.volleys);
    await startRoundTrip(s, 2);
    expect(s.tripFailed).toBe(true);
    expect(s.asked).toBe(0);
    expect(s.flights.take()).toEqual([]);
    expect(s.logger.error).toHaveBeenCalledOnce();
  });
});

describe('startFanOut (fan-out)', () => {
  it('launches what it leased and notes the log behind; a failure makes the dispatcher wait', async () => {
    const s = stateWith(stagesWith({ fanOut: async () => ({ claimed: [delivery('a', 'f1')], more: true }) }));
    await startFanOut(s, 3);
    expect(s.behind).toBe(true);
    expect(s.asked).toBe(0);
    await Promise.all(s.volleys);
    expect(s.finished).toHaveLength(1);
    expect(await notified(s.dispatchWake)).toBe(true);

    const failing = stateWith(stagesWith({ fanOut: async () => Promise.reject(new Error('banco fora')) }));
    await startFanOut(failing, 3);
    expect(failing.fanOutFailed).toBe(true);
    expect(failing.behind).toBe(false);
  });
});

describe('scheduleFanOut (the dispatcher)', () => {
  it('asks for at most half the pool, and revives lapsed flights before it', async () => {
    const fanOut = vi.fn(async () => ({ claimed: [], more: false }));
    const s = stateWith(stagesWith({ fanOut, revive: async () => 2 }), 8);
    s.drained = true;
    await scheduleFanOut(s);
    expect(fanOut).toHaveBeenCalledWith(4);
    expect(s.drained).toBe(false);
  });

  it('with less than a quarter of the pool free, waits for room instead of fanning out', async () => {
    const fanOut = vi.fn(async () => ({ claimed: [], more: false }));
    const s = stateWith(stagesWith({ fanOut }), 8);
    s.attempting = 7;
    await scheduleFanOut(s);
    expect(fanOut).not.toHaveBeenCalled();
    expect(s.wantsRoom).toBe(true);
  });
});

describe('scheduleRoundTrip (the deliverer)', () => {
  it('claims every free slot when a quarter of the pool is free', async () => {
    const recordAndClaim = vi.fn(async () => []);
    const s = stateWith(stagesWith({ recordAndClaim }), 8);
    s.attempting = 2;
    await scheduleRoundTrip(s);
    await Promise.all(s.trips);
    expect(recordAndClaim).toHaveBeenCalledWith([], 6, []);
  });

  it('after a short claim only records what finished, and a quiet tick looks for retries again', async () => {
    const recordAndClaim = vi.fn(async () => []);
    const s = stateWith(stagesWith({ recordAndClaim }), 8);
    s.drained = true;
    await scheduleRoundTrip(s);
    expect(recordAndClaim).not.toHaveBeenCalled();
    expect(s.drained).toBe(false);

    s.drained = true;
    s.finished = [attemptOf(delivery('a'))];
    await scheduleRoundTrip(s);
    expect(recordAndClaim).toHaveBeenCalledWith([expect.objectContaining({ delivery: delivery('a') })], 0, []);
  });
});
