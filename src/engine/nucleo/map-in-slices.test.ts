import { describe, expect, it } from 'vitest';
import { mapInSlices } from './map-in-slices.js';

describe('mapInSlices', () => {
  it('maps in order, as Array.prototype.map does', async () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect(await mapInSlices(items, (n, i) => `${i}:${n * 2}`)).toEqual(items.map((n, i) => `${i}:${n * 2}`));
    expect(await mapInSlices([], () => 1)).toEqual([]);
  });

  it('gives the event loop a turn between slices: a callback queued before the call runs before the last item', async () => {
    let turned = false;
    setImmediate(() => (turned = true));
    const seen = await mapInSlices(
      Array.from({ length: 40 }, (_, i) => i),
      () => turned,
    );
    // The first slice runs before any turn; by the last item the queued callback has run.
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });
});
