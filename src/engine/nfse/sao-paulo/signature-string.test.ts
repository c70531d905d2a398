import { describe, expect, it } from 'vitest';
import { cancellationSignatureString, rpsSignatureString, type RpsSignatureFields } from './signature-string.js';

// The São Paulo web-service manual's own example: RPS 1, services R$ 20.500,00, deductions R$ 5.000,00, service
// 2658, taker CPF 13167474254.
const manual = (over: Partial<RpsSignatureFields>): RpsSignatureFields => ({
  inscricaoPrestador: '31000000',
  serie: 'OL03',
  numero: '1',
  dataEmissao: '2007-01-03',
  tributacao: 'T',
  status: 'N',
  issRetido: false,
  valorServicos: '20500',
  valorDeducoes: '5000.00',
  codigoServico: '2658',
  tomador: { tipo: 'cpf', numero: '13167474254' },
  ...over,
});

describe('São Paulo RPS signature string', () => {
  it('layout 1 without intermediary: the manual example, 86 characters', () => {
    const s = rpsSignatureString(manual({}), 1);
    expect(s).toBe('31000000OL03 00000000000120070103TNN00000000205000000000000050000002658100013167474254');
    expect(s).toHaveLength(86);
  });

  it('layout 1 with an intermediary CNPJ retaining the ISS: 102 characters', () => {
    const s = rpsSignatureString(
      manual({ intermediario: { documento: { tipo: 'cnpj', numero: '09999999000106' }, issRetido: true } }),
      1,
    );
    expect(s).toBe(
      '31000000OL03 00000000000120070103TNN00000000205000000000000050000002658100013167474254209999999000106S',
    );
    expect(s).toHaveLength(102);
  });

  it('layout 2: 12-position CCM, 90 characters; a foreign taker ends with its NIF or its reason', () => {
    const l2 = manual({ inscricaoPrestador: '123456789012', serie: 'RTNT', dataEmissao: '2026-01-01' });
    const s = rpsSignatureString(l2, 2);
    expect(s).toBe('123456789012RTNT 00000000000120260101TNN00000000205000000000000050000002658100013167474254');
    expect(s).toHaveLength(90);
    const prefix = '123456789012RTNT 00000000000120260101TNN000000002050000000000000500000026584';
    expect(rpsSignatureString({ ...l2, tomador: { tipo: 'nif', nif: ' W123456789 ' } }, 2)).toBe(
      `${prefix}${'0'.repeat(14)}W123456789`,
    );
    expect(rpsSignatureString({ ...l2, tomador: { tipo: 'nao_nif', motivo: '2' } }, 2)).toBe(
      `${prefix}${'0'.repeat(14)}2`,
    );
  });

  it('refuses a value wider than its field instead of cutting it', () => {
    expect(() => rpsSignatureString(manual({ inscricaoPrestador: '123456789' }), 1)).toThrow(/não cabe/);
  });

  it('cancellation: the manual example "31000000000000000009" (CCM 8 + number 12)', () => {
    expect(cancellationSignatureString('31000000', '9')).toBe('31000000000000000009');
    expect(cancellationSignatureString('31000000', '9', 12)).toBe('000031000000000000000009');
    // A CCM longer than 8 digits has no 8-position form: 12 positions whatever the setting.
    expect(cancellationSignatureString('123456789012', '9')).toBe('123456789012000000000009');
    expect(cancellationSignatureString('123456789', '9', 8)).toBe('000123456789000000000009');
  });
});
