/**
 * The two check digits of a CPF from its first nine digits (módulo 11 of the Receita Federal): the first weighs
 * the nine digits 10 down to 2, the second the nine and the first check digit 11 down to 2; a remainder below 2
 * gives 0, otherwise 11 − remainder.
 */
export function cpfCheckDigits(first9: string): string {
  const digit = (body: string) => {
    let sum = 0;
    for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(i) - 48) * (body.length + 1 - i);
    const rest = sum % 11;
    return String(rest < 2 ? 0 : 11 - rest);
  };
  const first = digit(first9);
  return first + digit(first9 + first);
}

/**
 * The sequence typed where any CPF is asked for ("123.456.789-09"): its digits match, but it is nobody's, and it
 * is refused with the eleven equal digits.
 */
const PLACEHOLDER_CPF = '12345678909';

/**
 * A bare CPF (eleven digits, no mask) whose check digits match. Eleven equal digits ("00000000000") and the
 * placeholder sequence are refused although their digits match.
 */
export function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf) || cpf === PLACEHOLDER_CPF) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}
