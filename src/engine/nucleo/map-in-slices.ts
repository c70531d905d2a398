/** How many items `mapInSlices` maps between two turns of the event loop. */
const SLICE = 16;

/**
 * `items.map(fn)` for work that takes the CPU for a while per item (a DPS built and signed, about a millisecond):
 * the event loop gets a turn after every slice of items, so that the requests this process also serves wait for
 * a slice, not for the whole list.
 */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T, index: number) => R): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    out.push(fn(items[i]!, i));
  }
  return out;
}
