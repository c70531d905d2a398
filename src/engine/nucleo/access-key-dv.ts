/**
 * Check digit of an access key, NF-e (44 positions, over the first 43) and NFS-e (50, over the first 49): modulo
 * 11, weights 2 to 9 repeating from the right, DV = 11 − (sum mod 11), and 0 when that gives 10 or 11. Each
 * character is worth its ASCII code − 48, so a digit is its value and a letter of an alphanumeric CNPJ ('A' = 17 …
 * 'Z' = 42) weighs as in the CNPJ's own check digits: the NF-e rule of NT 2025.001 (alphanumeric CNPJ), as
 * sped-common Keys::verifyingDigit computes it. The NFS-e key has used the same modulo 11 on its digits; the
 * national system has published no rule of its own for keys with letters, so this one is applied to them too.
 */
export function accessKeyDv(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += (body.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return String(dv >= 10 ? 0 : dv);
}
