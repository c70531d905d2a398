import { randomInt } from 'node:crypto';
import { cpf as referenceValidator } from 'cpf-cnpj-validator';
import { describe, expect, it } from 'vitest';
import { cpfCheckDigits, isValidCpf } from './cpf-check-digits.js';

describe('cpfCheckDigits', () => {
  it('gives 25 for 529.982.247-25, worked by hand', () => {
    // Weights 10..2: 50+18+72+63+48+10+8+12+14 = 295; 295 mod 11 = 9 → 11 − 9 = 2.
    // With the 2, weights 11..2: 55+20+81+72+56+12+10+16+21+4 = 347; 347 mod 11 = 6 → 5.
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('11144477735')).toBe(true);
  });

  it('gives 0 for a remainder below 2', () => {
    // 10+18+24+28+30+30+28+24+18 = 210; 210 mod 11 = 1 → 0.
    expect(cpfCheckDigits('123456789')).toBe('09');
  });
});

describe('isValidCpf', () => {
  it('refuses a wrong first or second check digit', () => {
    expect(isValidCpf('52998224715')).toBe(false);
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('11144477753')).toBe(false);
  });

  it('refuses eleven equal digits and the placeholder 123.456.789-09, whose digits match', () => {
    for (let d = 0; d <= 9; d++) {
      const repeated = String(d).repeat(11);
      expect(cpfCheckDigits(repeated.slice(0, 9)), repeated).toBe(repeated.slice(9));
      expect(isValidCpf(repeated), repeated).toBe(false);
    }
    expect(isValidCpf('12345678909')).toBe(false);
  });

  it('takes the bare form only: masks, spaces, letters and other lengths are refused', () => {
    expect(isValidCpf('529.982.247-25')).toBe(false);
    expect(isValidCpf(' 52998224725')).toBe(false);
    expect(isValidCpf('5299822472A')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
  });

  it('agrees with an independent implementation (cpf-cnpj-validator) on random CPFs', () => {
    for (let n = 0; n < 500; n++) {
      const cpf = String(randomInt(1_000_000_000)).padStart(9, '0') + String(randomInt(100)).padStart(2, '0');
      expect(isValidCpf(cpf), cpf).toBe(referenceValidator.isValid(cpf, true));
      const base = cpf.slice(0, 9);
      const valid = base + cpfCheckDigits(base);
      expect(isValidCpf(valid), valid).toBe(referenceValidator.isValid(valid, true));
    }
  });
});
