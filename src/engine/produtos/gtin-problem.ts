/**
 * GTIN checks done at registration, before the SEFAZ checks the Cadastro Centralizado de GTIN (NT 2017.001):
 * length (GTIN-8, -12, -13 or -14), the GS1 modulo-10 check digit, and the GS1 prefix, refusing numbers that
 * GS1 reserves for use inside one company or country (restricted circulation, coupons, refund receipts), which
 * never identify a traded product.
 */
export type GtinProblem = 'gtin_invalido' | 'gtin_digito_invalido' | 'gtin_prefixo_invalido';

/** The literal the layout puts in cEAN/cEANTrib for a product without GTIN. */
export const SEM_GTIN = 'SEM GTIN';

export function gtinProblem(gtin: string): GtinProblem | null {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return 'gtin_invalido';
  if (checkDigit(gtin.slice(0, -1)) !== Number(gtin.at(-1))) return 'gtin_digito_invalido';
  return prefixoReservado(gtin) ? 'gtin_prefixo_invalido' : null;
}

/** GS1 modulo 10: weights 3 and 1 alternate from the rightmost digit of the body. */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

function prefixoReservado(gtin: string): boolean {
  // GTIN-8 starting with 0 or 2 is a restricted circulation number (RCN-8, GS1 General Specifications 1.4.4).
  if (gtin.length === 8) return gtin[0] === '0' || gtin[0] === '2';
  // GTIN-12 and GTIN-14 carry a GTIN-13 prefix once padded or stripped of the packaging indicator.
  const gtin13 = gtin.length === 12 ? `0${gtin}` : gtin.length === 14 ? gtin.slice(1) : gtin;
  const prefixo = Number(gtin13.slice(0, 3));
  return (
    (prefixo >= 20 && prefixo <= 29) || // restricted circulation within a company (UPC number system 2)
    (prefixo >= 40 && prefixo <= 59) || // restricted circulation (UPC 4) and coupons (UPC 5)
    (prefixo >= 200 && prefixo <= 299) || // restricted circulation within a geographic region
    (prefixo >= 980 && prefixo <= 999) // refund receipts and coupons
  );
}
