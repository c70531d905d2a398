import { randomInt } from 'node:crypto';
import { cnpjCheckDigits } from './cnpj-check-digits.js';

/** A random, valid, all-digit CNPJ (demo and test data; ICP-Brasil certificates of old CNPJs are numeric). */
export function randomNumericCnpj(): string {
  let base = '';
  for (let i = 0; i < 8; i++) base += randomInt(10);
  base += '0001';
  return base + cnpjCheckDigits(base);
}
