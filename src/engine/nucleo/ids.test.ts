import { describe, expect, it } from 'vitest';
import { isUuid, newId } from './new-id.js';

const hex = (id: string) => id.replaceAll('-', '');

describe('newId', () => {
  it('is a canonical lowercase UUIDv7 of this millisecond (version 7, variant 10)', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(isUuid(id)).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ms = parseInt(hex(id).slice(0, 12), 16);
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

  it('keeps increasing when the clock steps back', () => {
    const real = Date.now;
    const start = real();
    try {
      // A step of 2 ms: the ids of later tests carry the stepped time until the real clock passes it.
      Date.now = () => start + 2;
      const ahead = newId();
      Date.now = () => start;
      const behind = [newId(), newId()];
      expect(behind[0]! > ahead).toBe(true);
      expect(behind[1]! > behind[0]!).toBe(true);
      expect(parseInt(hex(behind[1]!).slice(0, 12), 16)).toBe(start + 2);
    } finally {
      Date.now = real;
    }
  });

  it('spreads every hex digit over the random part', () => {
    const digits = new Set(Array.from({ length: 200 }, newId).flatMap((id) => [...hex(id).slice(20)]));
    expect(digits.size).toBe(16);
  });
});
