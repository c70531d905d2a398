// NT 2025.002-RTC's amount rules on the IBS/CBS a caller sends (check-ibs-cbs-values.ts): the year's rates (UB18,
// UB37, UB56), effective rates of a reduction (UB28, UB47, UB66) and values within 0.01 (UB35, UB54, UB67).
import { describe, expect, it } from 'vitest';
import { IBS_CBS, nfeBody, validateNfeRequest } from '../support/nfe-fixtures.js';

const ctx = (dia: string) => ({ simples: false, chaveRestritaEmpresa: true, environment: 'live' as const, dia });
const com = (ibsCbs: Record<string, unknown>, dia = '2026-11-02') => {
  const [a, b] = nfeBody().itens;
  const body = nfeBody({ itens: [{ ...a, ibs_cbs: ibsCbs }, b] });
  return validateNfeRequest(body, ctx(dia)).erros.map((e) => [e.codigo, e.campo, e.codigo_oficial]);
};

describe('IBS/CBS amounts against the authoriser rules', () => {
  it('2026: CBS 0.9 %, IBS UF 0.1 %, IBS município 0 %, values to the cent pass', () => {
    expect(com(IBS_CBS)).toEqual([]);
    // Within the 0.01 tolerance either way.
    expect(com({ ...IBS_CBS, v_cbs: '0.91', v_ibs_uf: '0.09', v_ibs: '0.09' })).toEqual([]);
  });

  it('a CBS rate of 9.00 in 2026 (its value consistent with it) is refused with 1037 on p_cbs', () => {
    expect(com({ ...IBS_CBS, p_cbs: '9.00', v_cbs: '9.00' })).toEqual([
      ['aliquota_ibs_cbs_invalida', '/itens/0/ibs_cbs/p_cbs', '1037'],
    ]);
  });

  it('v_ibs_uf 0.30 on a base of 200.00 at 0.10 % (0.20) is refused with 1041; IBS município 0.05 % in 2026 with 1036', () => {
    const base200 = { ...IBS_CBS, v_bc: '200.00', v_ibs_uf: '0.30', v_ibs: '0.30', v_cbs: '1.80' };
    expect(com(base200)).toEqual([['valor_tributo_divergente', '/itens/0/ibs_cbs/v_ibs_uf', '1041']]);
    expect(com({ ...IBS_CBS, p_ibs_mun: '0.05', v_ibs_mun: '0.05', v_ibs: '0.15' })).toEqual([
      ['aliquota_ibs_cbs_invalida', '/itens/0/ibs_cbs/p_ibs_mun', '1036'],
    ]);
  });

  it('2027: IBS 0.05 % + 0.05 % by law; the CBS rate is not checked (the NT waits for the published rate)', () => {
    const ibs2027 = {
      ...IBS_CBS,
      p_ibs_uf: '0.05',
      v_ibs_uf: '0.05',
      p_ibs_mun: '0.05',
      v_ibs_mun: '0.05',
      v_ibs: '0.10',
    };
    expect(com({ ...ibs2027, p_cbs: '8.7', v_cbs: '8.70' }, '2027-03-01')).toEqual([]);
    expect(com(IBS_CBS, '2027-03-01')).toEqual([
      ['aliquota_ibs_cbs_invalida', '/itens/0/ibs_cbs/p_ibs_uf', '1026'],
      ['aliquota_ibs_cbs_invalida', '/itens/0/ibs_cbs/p_ibs_mun', '1036'],
    ]);
  });

  it('gRed: the effective rate is the rate less its reduction in 4 decimals (1064), and the value uses it', () => {
    // 60 % off 0.9 % → 0.36 %; 60 % off 0.1 % → 0.04 %.
    const reduzido = {
      ...IBS_CBS,
      cst: '200',
      c_class_trib: '200028',
      p_red_ibs_uf: '60',
      p_aliq_efet_ibs_uf: '0.04',
      v_ibs_uf: '0.04',
      p_red_ibs_mun: '60',
      p_aliq_efet_ibs_mun: '0',
      p_red_cbs: '60',
      p_aliq_efet_cbs: '0.36',
      v_cbs: '0.36',
      v_ibs: '0.04',
    };
    expect(com(reduzido)).toEqual([]);
    expect(com({ ...reduzido, p_aliq_efet_cbs: '0.3600', v_cbs: '0.90' })).toEqual([
      ['valor_tributo_divergente', '/itens/0/ibs_cbs/v_cbs', '1069'],
    ]);
    expect(com({ ...reduzido, p_aliq_efet_cbs: '0.54', v_cbs: '0.54' })).toEqual([
      ['valor_tributo_divergente', '/itens/0/ibs_cbs/p_aliq_efet_cbs', '1064'],
    ]);
  });
});
