import { computeAccessKeyDv } from '../nacional/access-key.js';

/**
 * NFS-e access key (50 characters): cMun 7 + ambGer 1 + tpInsc 1 + inscrição 14 + nNFSe 13 + AAMM 4 + código 9 + DV 1.
 * With the alphanumeric CNPJ the inscrição may carry letters. The check digit is modulo 11 as in NF-e (not
 * published officially; matched on 12 real keys); for keys with letters the
 * DV algorithm is undocumented, so only the shape is checked.
 */
export function chaveAcessoValida(chave: string): boolean {
  if (/^\d{50}$/.test(chave)) return computeAccessKeyDv(chave.slice(0, 49)) === chave[49];
  return /^\d{9}[0-9A-Z]{14}\d{27}$/.test(chave);
}
