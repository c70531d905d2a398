import { UUID } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { isUuid, newId } from '../../src/engine/kernel/ids.js';

describe('newId', () => {
  it('is a canonical UUIDv7 of this millisecond, the text the uuidv7 library gives for the same bytes', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(isUuid(id)).toBe(true);
    expect(id).toBe(id.toLowerCase());
    const parsed = UUID.parse(id);
    expect(parsed.getVariant()).toBe('VAR_10');
    expect(id[14]).toBe('7');
    expect(parsed.toString()).toBe(id);
    const ms = parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });

  it('increases strictly across many ids (several random refills) and never repeats', () => {
    const ids = Array.from({ length: 5000 }, newId);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Each returned string is its own: the buffer it is read from is reused by the next call.
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('spreads every hex digit over the random part', () => {
    const digits = new Set(Array.from({ length: 200 }, newId).flatMap((id) => [...id.replaceAll('-', '').slice(16)]));
    expect(digits.size).toBe(16);
  });
});
