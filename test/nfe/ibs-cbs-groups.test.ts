// NT 2025.002-RTC's rules on which IBS/CBS groups an item's CST and cClassTrib allow or require
// (check-ibs-cbs-groups.ts), and the amounts of the deferral (UB23/UB42/UB61) and of the regular taxation
// (UB72/UB72b/UB72d), as an informado body meets them before anything is sent.
import { describe, expect, it } from 'vitest';
import { IBS_CBS, nfeBody, validateNfeRequest } from '../support/nfe-fixtures.js';

const ctx = (dia: string) => ({ simples: false, chaveRestritaEmpresa: true, environment: 'live' as const, dia });
const com = (ibsCbs: Record<string, unknown>, dia = '2026-11-02', extra: Record<string, unknown> = {}) => {
  const [a, b] = nfeBody().itens;
  const body = nfeBody({ itens: [{ ...a, ibs_cbs: ibsCbs, ...extra }, b] });
  return validateNfeRequest(body, ctx(dia)).erros.map((e) => [e.codigo, e.campo, e.codigo_oficial]);
};

// Base 100.00 in 2026, 40 % deferred: CBS 0.90 → vDif 0.36, vCBS 0.54; IBS UF 0.10 → vDif 0.04, vIBSUF 0.06.
const DIFERIDO = {
  ...IBS_CBS,
  cst: '510',
  c_class_trib: '510001',
  p_dif_ibs_uf: '40',
  v_dif_ibs_uf: '0.04',
  v_ibs_uf: '0.06',
  p_dif_ibs_mun: '40',
  v_dif_ibs_mun: '0.00',
  p_dif_cbs: '40',
  v_dif_cbs: '0.36',
  v_cbs: '0.54',
  v_ibs: '0.06',
};

// 550003 (regimes de depósito) asks for gTribRegular: rates 0 in the main group, the regular taxation apart
// (000001 in 2026: 0.10 % → 0.10, 0 %, 0.90 % → 0.90 on 100.00).
const SUSPENSO = {
  ...IBS_CBS,
  cst: '550',
  c_class_trib: '550003',
  p_ibs_uf: '0',
  v_ibs_uf: '0.00',
  p_cbs: '0',
  v_cbs: '0.00',
  cst_reg: '000',
  c_class_trib_reg: '000001',
  p_aliq_efet_reg_ibs_uf: '0.10',
  v_trib_reg_ibs_uf: '0.10',
  p_aliq_efet_reg_ibs_mun: '0',
  v_trib_reg_ibs_mun: '0.00',
  p_aliq_efet_reg_cbs: '0.90',
  v_trib_reg_cbs: '0.90',
};

describe('IBS/CBS groups by CST and cClassTrib (NT 2025.002)', () => {
  it('deferral (CST 510): gDif of each part required (UB22-20 1030, UB40-10 1044, UB59-10 1061); with it the note passes', () => {
    expect(com(DIFERIDO)).toEqual([]);
    const semDif = Object.fromEntries(Object.entries(DIFERIDO).filter(([k]) => !k.includes('_dif_')));
    expect(com({ ...semDif, v_ibs_uf: '0.10', v_cbs: '0.90', v_ibs: '0.10' })).toEqual([
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/p_dif_ibs_uf', '1030'],
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/p_dif_ibs_mun', '1044'],
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/p_dif_cbs', '1061'],
    ]);
  });

  it('gDif on a CST without deferral is refused (UB59-20 1090); a wrong vDif is 1062, the value after deferral 1069', () => {
    expect(com({ ...IBS_CBS, p_dif_cbs: '40', v_dif_cbs: '0.36', v_cbs: '0.54' })).toEqual([
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/p_dif_cbs', '1090'],
    ]);
    // UB61-10: vDif = 100.00 × 0.9 % × 40 % = 0.36; 0.50 is beyond 0.01.
    expect(com({ ...DIFERIDO, v_dif_cbs: '0.50', v_cbs: '0.40' })).toEqual([
      ['valor_tributo_divergente', '/itens/0/ibs_cbs/v_dif_cbs', '1062'],
    ]);
    // UB67-10: vCBS = 0.90 − vDif 0.36 = 0.54; the undeferred 0.90 is refused.
    expect(com({ ...DIFERIDO, v_cbs: '0.90' })).toEqual([
      ['valor_tributo_divergente', '/itens/0/ibs_cbs/v_cbs', '1069'],
    ]);
  });

  it('regular taxation (550003): gTribRegular required (UB68-10 1065), forbidden elsewhere (UB68-11 1114), its values checked (UB72d-10 1068)', () => {
    expect(com(SUSPENSO)).toEqual([]);
    const semRegular = Object.fromEntries(Object.entries(SUSPENSO).filter(([k]) => !/_reg/.test(k)));
    expect(com(semRegular)).toEqual([['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/cst_reg', '1065']]);
    const regular = Object.fromEntries(Object.entries(SUSPENSO).filter(([k]) => /_reg/.test(k)));
    expect(com({ ...IBS_CBS, ...regular })).toEqual([['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/cst_reg', '1114']]);
    expect(com({ ...SUSPENSO, v_trib_reg_cbs: '1.80' })).toEqual([
      ['valor_tributo_divergente', '/itens/0/ibs_cbs/v_trib_reg_cbs', '1068'],
    ]);
    // UB56-10's exception: with regular taxation the CBS rate of the main group is zero.
    expect(com({ ...SUSPENSO, p_cbs: '0.9', v_cbs: '0.90' })).toEqual([
      ['aliquota_ibs_cbs_invalida', '/itens/0/ibs_cbs/p_cbs', '1037'],
    ]);
  });

  it('gIBSCBS by CST (UB13-20 1021, UB13-30 1022), gRed by CST (UB64-20 1079), codes of the table (UB13-10 1020, UB14-20 1024)', () => {
    expect(com({ ...IBS_CBS, cst: '410', c_class_trib: '410001' })).toEqual([
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/v_bc', '1021'],
    ]);
    expect(com({ cst: '000', c_class_trib: '000001' })).toEqual([
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/v_bc', '1022'],
    ]);
    expect(com({ ...IBS_CBS, cst: '200', c_class_trib: '200034' })).toEqual([
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/p_red_ibs_uf', '1033'],
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/p_red_ibs_mun', '1074'],
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/p_red_cbs', '1079'],
    ]);
    expect(com({ ...IBS_CBS, cst: '999' })).toEqual([['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/cst', '1020']]);
    expect(com({ ...IBS_CBS, c_class_trib: '410001' })).toEqual([
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/c_class_trib', '1024'],
    ]);
    // CST 620 is monophasic: without its group gIBSCBSMono the item is refused (UB13-40 1116).
    expect(com({ cst: '620', c_class_trib: '620001' })).toEqual([
      ['grupo_ibs_cbs_invalido', '/itens/0/ibs_cbs/cst', '1116'],
    ]);
  });

  it('Imposto Seletivo: refused before 2027; from 2027 vIS = vBCIS × pIS / 100 within 0.01 (UB11-10 1019)', () => {
    const is = { cst_is: '000', c_class_trib_is: '000001', v_bc_is: '100.00', p_is: '10', v_is: '10.00' };
    expect(com(IBS_CBS, '2026-11-02', { is })).toEqual([['imposto_seletivo_antes_de_2027', '/itens/0/is', undefined]]);
    const ibs2027 = {
      ...IBS_CBS,
      v_bc: '110.00',
      p_ibs_uf: '0.05',
      v_ibs_uf: '0.06',
      p_ibs_mun: '0.05',
      v_ibs_mun: '0.06',
      p_cbs: '8.4',
      v_cbs: '9.24',
      v_ibs: '0.12',
    };
    expect(com(ibs2027, '2027-03-01', { is })).toEqual([]);
    expect(com(ibs2027, '2027-03-01', { is: { ...is, v_is: '12.00' } })).toEqual([
      ['valor_tributo_divergente', '/itens/0/is/v_is', '1019'],
    ]);
    // The specific (per unit) rate pISEspec is not accepted: the IS table of the official data gives none.
    expect(com(ibs2027, '2027-03-01', { is: { ...is, p_is_espec: '1.50' } })).toEqual([
      ['campo_desconhecido', '/itens/0/is/p_is_espec', undefined],
    ]);
  });
});
