/**
 * The two check digits of a CNPJ from its first twelve characters, numeric or alphanumeric (IN RFB 2.229/2024;
 * Receita Federal, Nota Técnica COCAD/SUARA/RFB nº 49/2024, "cálculo do DV do CNPJ alfanumérico", whose worked
 * example is 12.ABC.345/01DE-35). Each character is worth its ASCII code − 48 (digits keep their value, 'A' = 17 …
 * 'Z' = 42); the weights are those of the numeric rule, 2 to 9 from the right and again from 2; a remainder below 2
 * gives 0, otherwise 11 − remainder. The second digit is computed the same way over the twelve and the first. For
 * an all-digit CNPJ this is the numeric rule unchanged.
 */
export function cnpjCheckDigits(first12: string): string {
  const digit = (body: string) => {
    let sum = 0;
    for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(body.length - 1 - i) - 48) * (2 + (i % 8));
    const rest = sum % 11;
    return String(rest < 2 ? 0 : 11 - rest);
  };
  const first = digit(first12);
  return first + digit(first12 + first);
}

/**
 * A bare CNPJ (no mask, upper case): twelve [0-9A-Z] and two check digits that match. Fourteen equal characters
 * are refused although their digits match ("00000000000000"), as the Receita never issues them.
 */
export function isValidCnpj(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}
