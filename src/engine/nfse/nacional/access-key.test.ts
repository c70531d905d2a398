import { describe, expect, it } from 'vitest';
import { accessKeyDv } from '../../nucleo/access-key-dv.js';
import { accessKeyAmbGer, buildAccessKey, isValidAccessKey, parseAccessKey } from './access-key.js';

describe('access key (chave de acesso)', () => {
  it('computes the mod-11 DV of the README example', () => {
    const base = '3550308' + '2' + '2' + '11222333000181' + '0000000000001' + '2601' + '123456789';
    expect(base).toHaveLength(49);
    expect(accessKeyDv(base)).toBe('4');
    expect(isValidAccessKey(`${base}4`)).toBe(true);
    expect(isValidAccessKey(`${base}5`)).toBe(false);
  });

  it('maps a remainder giving 10 or 11 to DV 0', () => {
    // sum mod 11 in {0, 1} ⇒ DV 0; find such a base by varying the last digits.
    const bases = Array.from(
      { length: 50 },
      (_, i) => '3550308221122233300018100000000000012601' + String(100000000 + i).slice(-9),
    );
    const zeroes = bases.filter((b) => accessKeyDv(b) === '0');
    expect(zeroes.length).toBeGreaterThan(0);
    for (const b of zeroes) expect(isValidAccessKey(`${b}0`)).toBe(true);
  });

  it('builds and parses back every field', () => {
    const chave = buildAccessKey({
      cMun: '4106902',
      CPF: '12345678909',
      nNFSe: 42,
      emissao: new Date('2026-03-01T02:00:00Z'),
      codigoNumerico: '000000123',
    });
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
    const production = buildAccessKey({
      cMun: '3550308',
      ambGer: '1',
      CNPJ: '11222333000181',
      nNFSe: 1,
      emissao: new Date(),
    });
    expect(accessKeyAmbGer(production)).toBe('1');
    expect(
      accessKeyAmbGer(buildAccessKey({ cMun: '3550308', CNPJ: '11222333000181', nNFSe: 1, emissao: new Date() })),
    ).toBe('2');
    expect(parseAccessKey('123')).toBeNull();
    expect(parseAccessKey('x'.repeat(50))).toBeNull();
  });

  it('carries an alphanumeric CNPJ in the inscrição; its letters weigh ASCII − 48 in the DV and the environment is still read', () => {
    const chave = buildAccessKey({
      cMun: '3550308',
      ambGer: '1',
      CNPJ: '12ABC34501DE35',
      nNFSe: 7,
      emissao: new Date('2026-10-05T12:00:00Z'),
      codigoNumerico: '000000001',
    });
    expect(chave.slice(0, 23)).toBe('3550308' + '1' + '2' + '12ABC34501DE35');
    // 'A' = 17, 'B' = 18, 'C' = 19, 'D' = 20, 'E' = 21: the same body with those values as digits cannot be
    // written, so the DV is checked against the sum done by hand below.
    const body = chave.slice(0, 49);
    let sum = 0;
    for (let i = 0; i < 49; i++) sum += (body.charCodeAt(48 - i) - 48) * (2 + (i % 8));
    expect(chave[49]).toBe(String(11 - (sum % 11) >= 10 ? 0 : 11 - (sum % 11)));
    expect(parseAccessKey(chave)).toMatchObject({
      ambGer: '1',
      tpInsc: '2',
      inscricao: '12ABC34501DE35',
      nNFSe: '0000000000007',
    });
    expect(accessKeyAmbGer(chave)).toBe('1');
    expect(isValidAccessKey(chave.toLowerCase())).toBe(false);
    expect(isValidAccessKey(chave.slice(0, 49) + String((Number(chave[49]) + 1) % 10))).toBe(false);
  });

  it('refuses letters outside a CNPJ inscrição: in a CPF, in the CNPJ check digits or elsewhere in the key', () => {
    const valid = (body49: string) => `${body49}${accessKeyDv(body49)}`;
    const tail = '0000000000007' + '2610' + '000000001';
    expect(isValidAccessKey(valid('3550308' + '2' + '2' + '12ABC34501DE35' + tail))).toBe(true);
    expect(isValidAccessKey(valid('3550308' + '2' + '1' + '12ABC34501DE35' + tail))).toBe(false);
    expect(isValidAccessKey(valid('3550308' + '2' + '2' + '12ABC34501DEA5' + tail))).toBe(false);
    expect(isValidAccessKey(valid('355030A' + '2' + '2' + '12ABC34501DE35' + tail))).toBe(false);
    expect(isValidAccessKey(valid('3550308' + '2' + '2' + '12ABC34501DE35' + tail.replace('7', 'A')))).toBe(false);
  });
});
