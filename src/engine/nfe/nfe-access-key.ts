import { randomInt } from 'node:crypto';
import { accessKeyDv } from '../nucleo/access-key-dv.js';

/**
 * NF-e access key, 44 positions (as sped-common Keys::build writes it):
 * cUF(2) AAMM(4) CNPJ/CPF(14, may hold letters) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1).
 */
export interface NfeKeyParts {
  cUF: string;
  /** Emission date; AAMM of its calendar in Brasília (UTC−3). */
  emissao: Date;
  documento: string;
  serie: string;
  nNF: bigint | number | string;
  tpEmis?: string;
  /** 8 digits; random (and not a trivial sequence) when absent. */
  cNF?: string;
}

export function buildNfeKey(parts: NfeKeyParts): { chave: string; cNF: string; cDV: string } {
  const local = new Date(parts.emissao.getTime() - 3 * 3_600_000);
  const aamm = `${String(local.getUTCFullYear() % 100).padStart(2, '0')}${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
  const nNF = String(parts.nNF).padStart(9, '0');
  let cNF = parts.cNF ?? randomCnf();
  // NT 2019.001: cNF may not equal nNF (and sped-common refuses it), so a clash draws again.
  while (!parts.cNF && cNF === nNF.slice(1)) cNF = randomCnf();
  const base = `${parts.cUF}${aamm}${parts.documento.padStart(14, '0')}55${parts.serie.padStart(3, '0')}${nNF}${parts.tpEmis ?? '1'}${cNF}`;
  const cDV = accessKeyDv(base);
  return { chave: base + cDV, cNF, cDV };
}

/** TChNFe of PL_010 (tiposBasico_v4.00.xsd): the CNPJ's twelve first positions may be letters (NT 2025.001). */
export const NFE_KEY_SHAPE = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/** Shape of TChNFe and its check digit. */
export function isValidNfeKey(chave: string): boolean {
  return NFE_KEY_SHAPE.test(chave) && accessKeyDv(chave.slice(0, 43)) === chave[43];
}

// sped-common Keys::cNFIsValid: no repeated digit and not 12345678 / 23456789 / 34567890 / 87654321...
function randomCnf(): string {
  for (;;) {
    const c = String(randomInt(0, 100_000_000)).padStart(8, '0');
    if (/^(\d)\1{7}$/.test(c) || '0123456789'.includes(c) || '9876543210'.includes(c)) continue;
    return c;
  }
}
