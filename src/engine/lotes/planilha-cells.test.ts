// Cells as Excel and LibreOffice leave them: only the unambiguous is normalised.
import { describe, expect, it } from 'vitest';
import { normalizeCell } from './normalize-cell.js';

describe('normalizeCell', () => {
  it('restores the leading zeros of documents by length: up to 11 digits a CPF, 12 to 14 a CNPJ', () => {
    expect(normalizeCell('tomador.documento', 1234567890)).toBe('01234567890');
    expect(normalizeCell('tomador.documento', 123456000199)).toBe('00123456000199');
    expect(normalizeCell('tomador.documento', '52998224725')).toBe('52998224725');
    expect(normalizeCell('tomador.documento', '12ABC34501DE35')).toBe('12ABC34501DE35');
    expect(normalizeCell('tomador.documento', 123456789012345)).toBe('123456789012345');
    expect(normalizeCell('tomador.endereco.cep', 1310100)).toBe('01310100');
    expect(normalizeCell('servico.codigo_nacional', 10101)).toBe('010101');
  });

  it('money: numbers with two decimals, pt-BR text with decimal comma; anything else as typed', () => {
    expect(normalizeCell('valor', 1500.5)).toBe('1500.50');
    expect(normalizeCell('valor', 100)).toBe('100.00');
    expect(normalizeCell('valor', '1.500,50')).toBe('1500.50');
    expect(normalizeCell('valor', '250,5')).toBe('250.50');
    expect(normalizeCell('valor', '1500.50')).toBe('1500.50');
    expect(normalizeCell('valor', 10.555)).toBe('10.555');
    expect(normalizeCell('valor', 'abc')).toBe('abc');
  });

  it('competence from a date cell, an Excel serial, or text', () => {
    expect(normalizeCell('competencia', new Date(Date.UTC(2026, 9, 15)))).toBe('2026-10');
    expect(normalizeCell('competencia', 46310)).toBe('2026-10');
    expect(normalizeCell('competencia', '10/2026')).toBe('2026-10');
    expect(normalizeCell('competencia', '15/10/2026')).toBe('2026-10');
    expect(normalizeCell('competencia', '2026-10')).toBe('2026-10');
  });

  it('booleans, formula results, rich text; empty cells are absent', () => {
    expect(normalizeCell('servico.iss_retido', 'Sim')).toBe(true);
    expect(normalizeCell('servico.iss_retido', 'não')).toBe(false);
    expect(normalizeCell('servico.iss_retido', 'talvez')).toBe('talvez');
    expect(normalizeCell('servico.descricao', { formula: 'A1', result: 'Consultoria' })).toBe('Consultoria');
    expect(normalizeCell('tomador.nome', { richText: [{ text: 'Cliente ' }, { text: 'Ltda' }] })).toBe('Cliente Ltda');
    expect(normalizeCell('referencia', '   ')).toBeUndefined();
    expect(normalizeCell('referencia', null)).toBeUndefined();
  });
});
