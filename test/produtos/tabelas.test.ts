import { describe, expect, it } from 'vitest';
import { checkProdutoCodes, diaFiscal } from '../../src/engine/produtos/check-produto-codes.js';
import { gtinProblem } from '../../src/engine/produtos/gtin-problem.js';
import { cest, cestAceitaNcm, ncm, ncmVigente } from '../../src/engine/tabelas/index.js';

const codigos = (e: Array<{ codigo: string }>) => e.map((x) => x.codigo);

describe('NCM table (Siscomex)', () => {
  it('knows an NCM item in force with its description and act', () => {
    const agua = ncm('22021000')!;
    expect(agua.descricao).toMatch(/^Águas, incluindo as águas minerais/);
    expect(agua).toMatchObject({ inicio: '2022-04-01', fim: null, ato: 'Res Camex 272/2021' });
    expect(ncmVigente(agua, '2026-11-02')).toBe(true);
    // Headings and chapters are not NCM items.
    expect(ncm('2202')).toBeNull();
    expect(ncm('99999999')).toBeNull();
  });

  it('keeps a code split by Resolução Gecex 812/2025 with its end date, and its successors from 01/02/2026', () => {
    const antigo = ncm('59039000')!;
    expect(antigo.fim).toBe('2026-01-31');
    expect(ncmVigente(antigo, '2026-01-31')).toBe(true);
    expect(ncmVigente(antigo, '2026-02-01')).toBe(false);
    expect(ncm('59039010')).toMatchObject({ inicio: '2026-02-01', ato: 'Res Gecex 812/2025' });
    expect(ncmVigente(ncm('59039010')!, '2026-01-31')).toBe(false);
  });
});

describe('CEST table (CONFAZ)', () => {
  it('maps a CEST to the NCM codes of its annex', () => {
    const c = cest('0300100')!;
    expect(c).toMatchObject({
      segmento: 'Cervejas, chopes, refrigerantes, águas e outras bebidas',
      item: '1.0',
      ncms: ['22011000'],
    });
    expect(cestAceitaNcm(c, '22011000')).toBe(true);
    expect(cestAceitaNcm(c, '22021000')).toBe(false);
    expect(cest('9999999')).toBeNull();
  });

  it('matches headings and subheadings of the annex as prefixes of the NCM', () => {
    const tubos = cest('0100200')!; // "3917": the whole heading
    expect(cestAceitaNcm(tubos, '39172100')).toBe(true);
    expect(cestAceitaNcm(tubos, '39181000')).toBe(false);
  });
});

describe('GTIN', () => {
  it('accepts GTIN-8, -12, -13 and -14 with a right check digit and a trade prefix', () => {
    for (const g of ['7894900011517', '96385074', '012345678905', '17894900011514', '9781234567897'])
      expect(gtinProblem(g)).toBeNull();
  });
  it('refuses a wrong length, a wrong check digit and restricted-circulation or coupon prefixes', () => {
    expect(gtinProblem('78949000115')).toBe('gtin_invalido');
    expect(gtinProblem('789490001151778949')).toBe('gtin_invalido');
    expect(gtinProblem('789490001151X')).toBe('gtin_invalido');
    expect(gtinProblem('7894900011518')).toBe('gtin_digito_invalido');
    expect(gtinProblem('2001234567893')).toBe('gtin_prefixo_invalido');
    expect(gtinProblem('0412345678903')).toBe('gtin_prefixo_invalido');
    expect(gtinProblem('9900000000011')).toBe('gtin_prefixo_invalido');
    expect(gtinProblem('02345673')).toBe('gtin_prefixo_invalido');
  });
});

describe('checkProdutoCodes', () => {
  const dia = '2026-11-02';
  it('passes a consistent product', () => {
    expect(checkProdutoCodes({ ncm: '22011000', cest: '0300100', gtin: '7894900011517' }, dia)).toEqual([]);
  });
  it('reports each official-table problem with its code and pointer', () => {
    expect(codigos(checkProdutoCodes({ ncm: '12345678', cest: '9999999', gtin: '7894900011518' }, dia))).toEqual([
      'ncm_inexistente',
      'cest_inexistente',
      'gtin_digito_invalido',
    ]);
    const fora = checkProdutoCodes({ ncm: '59039000', cest: '0300100', gtin: null }, dia);
    expect(codigos(fora)).toEqual(['ncm_fora_de_vigencia', 'cest_incompativel_ncm']);
    expect(fora[0]).toMatchObject({ campo: '/ncm', mensagem: 'NCM 59039000 vigorou até 2026-01-31' });
    expect(fora[1]!.campo).toBe('/cest');
    expect(checkProdutoCodes({ ncm: '12345678', cest: null, gtin: null }, dia)[0]!.mensagem).toBe(
      'NCM 12345678 não existe na tabela NCM do Siscomex (siscomex-ncm-vigente-20260517)',
    );
  });
  it('reads validity on the Brasília calendar day', () => {
    expect(diaFiscal(new Date('2026-02-01T02:59:00Z'))).toBe('2026-01-31');
    expect(diaFiscal(new Date('2026-02-01T03:00:00Z'))).toBe('2026-02-01');
  });
});
