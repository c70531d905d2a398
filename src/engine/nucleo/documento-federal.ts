import { isValidCnpj } from './cnpj-check-digits.js';
import { isValidCpf } from './cpf-check-digits.js';

export type DocumentoFederal = { tipo: 'cpf' | 'cnpj'; numero: string };

/**
 * Normalizes and checks a CPF or CNPJ. Accepts the official masks ("529.982.247-25", "12.ABC.345/01DE-35") and
 * lower-case letters; returns the bare upper-case form. CNPJ may be alphanumeric (IN RFB 2.229/2024, in use
 * since July 2026): twelve characters [0-9A-Z] and two numeric check digits (cnpj-check-digits.ts); a CPF is
 * eleven digits (cpf-check-digits.ts). Returns null when the length, shape or check digits are wrong.
 */
export function documentoFederal(valor: string): DocumentoFederal | null {
  const limpo = valor.replace(/[.\-/\s]/g, '').toUpperCase();
  if (/^\d{11}$/.test(limpo)) return isValidCpf(limpo) ? { tipo: 'cpf', numero: limpo } : null;
  if (limpo.length === 14) return isValidCnpj(limpo) ? { tipo: 'cnpj', numero: limpo } : null;
  return null;
}

/**
 * Same provider and recipient (Anexo I E0202): CNPJs are compared by their root (first eight characters, every
 * establishment of the company); a CPF is compared whole.
 */
export function mesmoContribuinte(a: string, b: string): boolean {
  const x = a.replace(/[.\-/\s]/g, '').toUpperCase();
  const y = b.replace(/[.\-/\s]/g, '').toUpperCase();
  if (x.length === 14 && y.length === 14) return x.slice(0, 8) === y.slice(0, 8);
  return x === y;
}
