import { describe, expect, it } from 'vitest';
import { printableText, unsafeText } from './unsafe-text.js';

describe('unsafeText', () => {
  it('accepts any text PostgreSQL keeps, surrogate pairs included', () => {
    for (const ok of ['', 'São Paulo', 'emoji 😀 ok', '\u0001\u001f\u007f', '\uD83D\uDE00'])
      expect(unsafeText(ok), JSON.stringify(ok)).toBeNull();
  });

  it('names NUL and lone surrogates with their position', () => {
    expect(unsafeText('ab\u0000')).toMatch(/nulo.*posição 3/);
    expect(unsafeText('a\uD800b')).toMatch(/surrogate.*posição 2/);
    expect(unsafeText('a\uD800')).toMatch(/surrogate.*posição 2/);
    expect(unsafeText('\uDE00a')).toMatch(/surrogate.*posição 1/);
    expect(unsafeText('😀\uDE00')).toMatch(/surrogate.*posição 3/);
  });

  it('printableText replaces each unsafe character and keeps pairs', () => {
    expect(printableText('a\u0000😀\uD800')).toBe('a\uFFFD😀\uFFFD');
    expect(printableText('plain')).toBe('plain');
  });
});
