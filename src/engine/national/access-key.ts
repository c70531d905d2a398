import { randomInt } from 'node:crypto';

/**
 * NFS-e access key (chave de acesso, TSChaveNFSe, 50 digits), README §7:
 * cMun emissor(7) + ambiente gerador(1: 1 prefeitura, 2 Sistema Nacional) + tipo inscrição(1: 1 CPF, 2 CNPJ)
 * + inscrição(14) + nNFSe(13) + AAMM of emission(4) + código numérico(9, random) + DV(1).
 * The key carries no production/homologation marker: its only "environment" digit is the generating
 * environment (ambGer), which is what rule E0065 compares.
 */
export interface AccessKeyParts {
  cMun: string;
  ambGer: '1' | '2';
  tpInsc: '1' | '2';
  inscricao: string;
  nNFSe: string;
  /** AAMM */
  anoMes: string;
  codigoNumerico: string;
  dv: string;
}

export interface BuildAccessKeyOptions {
  cMun: string;
  ambGer?: '1' | '2';
  CNPJ?: string;
  CPF?: string;
  nNFSe: string | number;
  /** Emission date; AAMM is taken from its local calendar in the given UTC offset (default -03:00). */
  emissao: Date;
  utcOffsetHours?: number;
  /** 9 digits; random when absent (the issuing system generates it). */
  codigoNumerico?: string;
}

/** Mod-11 as in NF-e: weights 2..9 from the right, DV = 11 - (sum mod 11), 0 when that gives 10 or 11. */
export function computeAccessKeyDv(first49: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = first49.length - 1; i >= 0; i--) {
    sum += Number(first49[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return String(dv >= 10 ? 0 : dv);
}

export function buildAccessKey(options: BuildAccessKeyOptions): string {
  const offset = options.utcOffsetHours ?? -3;
  const local = new Date(options.emissao.getTime() + offset * 3_600_000);
  const anoMes = `${String(local.getUTCFullYear() % 100).padStart(2, '0')}${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
  const base =
    options.cMun +
    (options.ambGer ?? '2') +
    (options.CNPJ ? '2' : '1') +
    (options.CNPJ ?? options.CPF ?? '').padStart(14, '0') +
    String(options.nNFSe).padStart(13, '0') +
    anoMes +
    (options.codigoNumerico ?? String(randomInt(0, 1_000_000_000)).padStart(9, '0'));
  if (!/^\d{49}$/.test(base)) throw new Error(`Chave de acesso mal formada: ${base}`);
  return base + computeAccessKeyDv(base);
}

/** Splits a key into its fields; null when it is not 50 digits or the DV does not match. */
export function parseAccessKey(chave: string): AccessKeyParts | null {
  if (!/^\d{50}$/.test(chave) || computeAccessKeyDv(chave.slice(0, 49)) !== chave[49]) return null;
  const ambGer = chave[7];
  const tpInsc = chave[8];
  if ((ambGer !== '1' && ambGer !== '2') || (tpInsc !== '1' && tpInsc !== '2')) return null;
  return {
    cMun: chave.slice(0, 7),
    ambGer,
    tpInsc,
    inscricao: chave.slice(9, 23),
    nNFSe: chave.slice(23, 36),
    anoMes: chave.slice(36, 40),
    codigoNumerico: chave.slice(40, 49),
    dv: chave[49],
  };
}

export function isValidAccessKey(chave: string): boolean {
  return parseAccessKey(chave) !== null;
}

/** Generating environment digit (1 prefeitura, 2 Sistema Nacional), or null for an invalid key. */
export function accessKeyAmbGer(chave: string): '1' | '2' | null {
  return parseAccessKey(chave)?.ambGer ?? null;
}
