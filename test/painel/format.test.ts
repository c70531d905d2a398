import { describe, expect, it } from 'vitest';
import {
  formatCompetencia,
  formatDate,
  formatDateTime,
  formatDocumento,
  formatMoney,
  parseDataBr,
} from '../../painel/src/format.js';

// The panel's Brazilian formats (painel/src/format.ts): pure functions, run here under Node's own Intl data.
describe('panel formats', () => {
  it('money: R$ with thousands dots and decimal comma, from decimal strings, rounded half up to cents', () => {
    expect(formatMoney('1234.56')).toBe('R$\u00a01.234,56');
    expect(formatMoney('0.5')).toBe('R$\u00a00,50');
    expect(formatMoney('7')).toBe('R$\u00a07,00');
    expect(formatMoney('2.345')).toBe('R$\u00a02,35');
    expect(formatMoney('-10.004')).toBe('-R$\u00a010,00');
    // Past a double's exact integers: no float on the way.
    expect(formatMoney('12345678901234567.89')).toBe('R$\u00a012.345.678.901.234.567,89');
    expect(formatMoney(null)).toBe('—');
  });

  it('dates: dd/mm/aaaa in Brasília time, whatever the machine zone', () => {
    expect(formatDate('2026-11-02T02:30:00Z')).toBe('01/11/2026');
    expect(formatDateTime('2026-11-02T12:05:09Z')).toBe('02/11/2026 09:05:09');
    expect(formatCompetencia('2026-11')).toBe('11/2026');
    expect(parseDataBr('31/12/2026')).toBe('2026-12-31');
    expect(parseDataBr('31/02/2026')).toBeNull();
    expect(parseDataBr('2026-12-31')).toBeNull();
  });

  it('CNPJ and CPF masks', () => {
    expect(formatDocumento('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocumento('52998224725')).toBe('529.982.247-25');
    expect(formatDocumento('123')).toBe('123');
  });
});
