import { describe, expect, it } from 'vitest';
import {
  ARQUIVO_PARAMETROS,
  CODIGOS_EXIGEM_OBRA,
  loadParametros,
  codigoOficial,
  municipio,
  municipiosParametrizados,
  nbs,
  nbsCompativel,
  parametrosMunicipio,
  servicoNacional,
} from '../../src/engine/tabelas/index.js';
import { parseCsv } from '../../src/engine/tabelas/read-csv-records.js';

const CAPITAIS = [
  '1200401',
  '2704302',
  '1600303',
  '1302603',
  '2927408',
  '2304400',
  '5300108',
  '3205309',
  '5208707',
  '2111300',
  '5103403',
  '5002704',
  '3106200',
  '1501402',
  '2507507',
  '4106902',
  '2611606',
  '2211001',
  '3304557',
  '2408102',
  '4314902',
  '1100205',
  '1400100',
  '4205407',
  '3550308',
  '2800308',
  '1721000',
];

describe('tabelas oficiais', () => {
  it('servicoNacional: descrição, incidência e obra', () => {
    const s = servicoNacional('010101');
    expect(s?.descricao).toBe('Análise e desenvolvimento de sistemas.');
    expect(s?.exigeObra).toBe(false);
    expect(s?.incidencia.estabelecimentoPrestador).toBe(true);
    expect(servicoNacional('070201')?.incidencia.localPrestacao).toBe(true);
    expect(servicoNacional('999999')).toBeNull();
    expect(servicoNacional('120101')?.exigeEvento).toBe(true);
  });

  it('the 13 construction codes require obra; 99.01.01 accepts it without requiring', () => {
    expect([...CODIGOS_EXIGEM_OBRA].sort()).toEqual([
      '070201',
      '070202',
      '070401',
      '070501',
      '070502',
      '070601',
      '070602',
      '070701',
      '070801',
      '071701',
      '071901',
      '141403',
      '141404',
    ]);
    for (const c of CODIGOS_EXIGEM_OBRA) expect(servicoNacional(c)?.exigeObra, c).toBe(true);
    expect(servicoNacional('141403')?.fonte).toBe('especificacao');
    expect(servicoNacional('990101')).toMatchObject({ exigeObra: false, aceitaObra: true });
    expect(servicoNacional('070101')).toMatchObject({ exigeObra: false, aceitaObra: false });
  });

  it('nbs: only full nine-digit codes', () => {
    expect(nbs('101011100')?.codigoFormatado).toBe('1.0101.11.00');
    expect(nbs('101010000')).toBeNull();
    expect(nbs('123')).toBeNull();
  });

  it('nbsCompativel: chapter rule per LC 116 item', () => {
    expect(nbsCompativel('010101', '115021000')).toBe(true);
    expect(nbsCompativel('010101', '101011100')).toBe(false);
    expect(nbsCompativel('070201', '101011100')).toBe(true);
    expect(nbsCompativel('990101', '101011100')).toBe(true);
  });

  it('municipio: name and UF derived from the IBGE code', () => {
    expect(municipio('3550308')).toEqual({ codigo: '3550308', nome: 'São Paulo', uf: 'SP' });
    expect(municipio('5300108')?.uf).toBe('DF');
    expect(municipio('3550309')).toBeNull();
  });

  it('codigoOficial: official message', () => {
    expect(codigoOficial('E0078')?.mensagem).toMatch(/cMotivo = 99/);
    expect(codigoOficial('e0202')?.codigo).toBe('E0202');
    expect(codigoOficial('E9999')).toBeNull();
  });

  it('CSV reader handles quotes, doubled quotes, embedded newlines and CRLF', () => {
    expect(parseCsv('a,b\r\n"x, y","he said ""hi"""\r\n"multi\nline",z\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "hi"'],
      ['multi\nline', 'z'],
    ]);
  });
});

describe(`${ARQUIVO_PARAMETROS}`, () => {
  it('has the 27 state capitals, all known IBGE codes', () => {
    const lista = municipiosParametrizados();
    for (const c of CAPITAIS) expect(lista, c).toContain(c);
    expect(new Set(lista.filter((c) => CAPITAIS.includes(c))).size).toBe(27);
  });

  it('every capital has a general rate between 2% and 5% and a stated source', () => {
    for (const c of CAPITAIS) {
      const p = parametrosMunicipio(c);
      const geral = p.aliquotaOficial('170101', '2026-11');
      expect(geral, c).not.toBeNull();
      expect(Number(geral)).toBeGreaterThanOrEqual(2);
      expect(Number(geral)).toBeLessThanOrEqual(5);
      expect(p.fonte.length, c).toBeGreaterThan(10);
      expect(['nacional', 'proprio', 'desconhecido']).toContain(p.convenio);
    }
  });

  it('São Paulo issues through its own system, with the specific IT rate', () => {
    const sp = parametrosMunicipio('3550308');
    expect(sp.convenio).toBe('proprio');
    expect(sp.exigeToken).toBe(false);
    expect(sp.aliquotaOficial('010101', '2026-11')).toBe('2.90');
    expect(sp.aliquotaOficial('010701', '2026-11')).toBe('2.90');
    expect(sp.aliquotaOficial('170101', '2026-11')).toBe('5.00');
    // An item with rates not surveyed has no single official rate (the general rate does not leak into it).
    expect(sp.aliquotaOficial('010201', '2026-11')).toBeNull();
    expect(sp.aliquotaOficial('040101', '2026-11')).toBeNull();
    // Competence before the surveyed period.
    expect(sp.aliquotaOficial('170101', '2025-06')).toBeNull();
    expect(sp.aliquotaOficial('010101', '2025-06')).toBe('2.90');
  });

  it('a municipality outside the table is desconhecido', () => {
    const p = parametrosMunicipio('1100015');
    expect(p).toMatchObject({ convenio: 'desconhecido', exigeToken: false, nome: "Alta Floresta D'Oeste", uf: 'RO' });
    expect(p.aliquotaOficial('010101', '2026-11')).toBeNull();
  });

  it('the loader refuses rates outside 2%–5% and malformed rows', () => {
    const linha = {
      codigo_ibge: '3550308',
      municipio: 'São Paulo',
      uf: 'SP',
      convenio: 'nacional',
      exige_token: 'nao',
      inscricao_municipal: 'informar',
      codigo_servico: '*',
      aliquota: '5.00',
      vigencia_inicio: '2026-01',
      vigencia_fim: '',
      fonte: 'x',
      observacao: '',
    };
    expect(() => loadParametros([linha])).not.toThrow();
    expect(() => loadParametros([{ ...linha, aliquota: '1.50' }])).toThrow(/2% a 5%/);
    expect(() => loadParametros([{ ...linha, aliquota: '6.00' }])).toThrow(/2% a 5%/);
    expect(() => loadParametros([{ ...linha, convenio: 'talvez' }])).toThrow(/convenio/);
    expect(() => loadParametros([{ ...linha, codigo_ibge: '9999999' }])).toThrow(/inexistente/);
    expect(() => loadParametros([{ ...linha, convenio: '' }])).toThrow(/primeira linha/);
  });
});
