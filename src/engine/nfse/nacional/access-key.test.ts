import { describe, expect, it } from 'vitest';
import { accessKeyAmbGer, buildAccessKey, computeAccessKeyDv, isValidAccessKey, parseAccessKey } from './access-key.js';

describe('access key (chave de acesso)', () => {
  it('computes the mod-11 DV of the README example', () => {
    const base = '3550308' + '2' + '2' + '11222333000181' + '0000000000001' + '2601' + '123456789';
    expect(base).toHaveLength(49);
    expect(computeAccessKeyDv(base)).toBe('4');
    expect(isValidAccessKey(`${base}4`)).toBe(true);
    expect(isValidAccessKey(`${base}5`)).toBe(false);
  });

  it('maps a remainder giving 10 or 11 to DV 0', () => {
    // sum mod 11 in {0, 1} ⇒ DV 0; find such a base by varying the last digits.
    const bases = Array.from({ length: 50 }, (_, i) => '3550308221122233300018100000000000012601' + String(100000000 + i).slice(-9));
    const zeroes = bases.filter((b) => computeAccessKeyDv(b) === '0');
    expect(zeroes.length).toBeGreaterThan(0);
    for (const b of zeroes) expect(isValidAccessKey(`${b}0`)).toBe(true);
  });

  it('builds and parses back every field', () => {
    const chave = buildAccessKey({ cMun: '4106902', CPF: '12345678909', nNFSe: 42, emissao: new Date('2026-03-01T02:00:00Z'), codigoNumerico: '000000123' });
    expect(chave).toHaveLength(50);
    expect(parseAccessKey(chave)).toEqual({
      cMun: '4106902',
      ambGer: '2',
      tpInsc: '1',
      inscricao: '00012345678909',
      nNFSe: '0000000000042',
      // 02:00 UTC on 1 March is still February in Brasília (UTC-3).
      anoMes: '2602',
      codigoNumerico: '000000123',
      dv: chave[49],
    });
  });

  it('reads the environment digit and rejects malformed keys', () => {
    const production = buildAccessKey({ cMun: '3550308', ambGer: '1', CNPJ: '11222333000181', nNFSe: 1, emissao: new Date() });
    expect(accessKeyAmbGer(production)).toBe('1');
    expect(accessKeyAmbGer(buildAccessKey({ cMun: '3550308', CNPJ: '11222333000181', nNFSe: 1, emissao: new Date() }))).toBe('2');
    expect(parseAccessKey('123')).toBeNull();
    expect(parseAccessKey('x'.repeat(50))).toBeNull();
  });
});
