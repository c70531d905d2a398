import { randomInt } from 'node:crypto';
import { cnpj as referenceValidator } from 'cpf-cnpj-validator';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, isValidCnpj } from './cnpj-check-digits.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('cnpjCheckDigits', () => {
  it('gives 35 for the Receita Federal example 12.ABC.345/01DE-35, worked by hand', () => {
    // Values (ASCII − 48): 1 2 17 18 19 3 4 5 0 1 20 21; weights 5 4 3 2 9 8 7 6 5 4 3 2.
    // 5+8+51+36+171+24+28+30+0+4+60+42 = 459; 459 mod 11 = 8 → 11 − 8 = 3.
    // With the 3, weights 6 5 4 3 2 9 8 7 6 5 4 3 2: 6+10+68+54+38+27+32+35+0+5+80+63+6 = 424; 424 mod 11 = 6 → 5.
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
  });

  it('is the numeric rule for all-digit CNPJs, including a remainder below 2 giving 0', () => {
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(cnpjCheckDigits('545507520001')).toBe('55');
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11222333000180')).toBe(false);
  });

  it('agrees with an independent implementation (cpf-cnpj-validator) on random alphanumeric CNPJs', () => {
    for (let n = 0; n < 500; n++) {
      let base = '';
      for (let i = 0; i < 12; i++) base += ALPHABET[randomInt(ALPHABET.length)];
      const cnpj = base + cnpjCheckDigits(base);
      expect(referenceValidator.isValid(cnpj, true), cnpj).toBe(true);
      expect(isValidCnpj(cnpj)).toBe(true);
      const wrong = base + String((Number(cnpj[12]) + 1) % 10) + cnpj[13];
      expect(isValidCnpj(wrong)).toBe(referenceValidator.isValid(wrong, true));
    }
  });

  it('refuses lower case, letters in the check digits, other lengths and fourteen equal characters', () => {
    expect(isValidCnpj('12abc34501de35')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });
});
