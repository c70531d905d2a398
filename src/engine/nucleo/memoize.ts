/**
 * Remembers `compute(key)` for up to `max` keys, then starts over: for pure, costly functions of a few hot
 * inputs (the certificates the simulator sees again on every DPS).
 */
export function memoize<T>(compute: (key: string) => T, max = 256): (key: string) => T {
  const results = new Map<string, T>();
  return (key) => {
    let result = results.get(key);
    if (result === undefined) {
      result = compute(key);
      if (results.size >= max) results.clear();
      results.set(key, result);
    }
    return result;
  };
}
