import { randomInt } from 'node:crypto';

/** A random, valid, all-digit CNPJ (demo and test data; ICP-Brasil certificates of old CNPJs are numeric). */
export function randomNumericCnpj(): string {
  let base = '';
  for (let i = 0; i < 8; i++) base += randomInt(10);
  base += '0001';
  const dv = (digits: string) => {
    let weight = digits.length - 7;
    let sum = 0;
    for (const d of digits) {
      sum += Number(d) * weight;
      weight = weight === 2 ? 9 : weight - 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = base + dv(base);
  return first + dv(first);
}
