// The monophasic IBS/CBS of an informado item (CST 620, gIBSCBSMono of NT 2025.002-RTC, layout TMonofasia of
// DFeTiposBasicos_v1.00.xsd, PL_010 v1.30): which subgroups each cClassTrib asks for (the ind_gMono* columns of the
// classification table, rules UB84a/UB90/UB94/UB99), the item's totals (UB104-10 1070, UB105-10 1071), the
// quantity × ad rem amounts, the XML against the schema and the note's totals (IBSCBSTot/gMono, W58-10 … W59d-10).
// The ad rem rates below are the example's, not the law's: the official data has none.
import { describe, expect, it } from 'vitest';
import { xmllint } from '../support/external-tools.js';
import { nfeBody, signedNfe, validateNfeRequest } from '../support/nfe-fixtures.js';

const ctx = { simples: false, chaveRestritaEmpresa: true, environment: 'live' as const, dia: '2026-11-02' };

/** nfeBody with its second item turned into 1000 litres of gasoline carrying `ibsCbs`. */
function comMono(ibsCbs: Record<string, unknown>) {
  const [a, b] = nfeBody().itens;
  const gasolina = {
    ...b,
    descricao: 'Gasolina A',
    ncm: '27101259',
    unidade: 'L',
    quantidade: '1000',
    valor_unitario: '5.00',
  };
  return nfeBody({ itens: [a, { ...gasolina, ibs_cbs: ibsCbs }], pagamentos: [{ forma: 'pix' }] });
}
const erros = (ibsCbs: Record<string, unknown>) =>
  validateNfeRequest(comMono(ibsCbs), ctx).erros.map((e) => [e.codigo, e.campo, e.codigo_oficial]);

// 620001 (LC 214/2025 art. 172) asks for gMonoPadrao only: 1000 L × 0.1234 = 123.40 IBS, × 0.5678 = 567.80 CBS.
const PADRAO = {
  cst: '620',
  c_class_trib: '620001',
  q_bc_mono: '1000',
  ad_rem_ibs: '0.1234',
  ad_rem_cbs: '0.5678',
  v_ibs_mono: '123.40',
  v_cbs_mono: '567.80',
};
// 620002 (art. 178) adds gMonoReten: 250 L of the biofuel to be blended × 0.0500 = 12.50, × 0.2000 = 50.00.
const RETEN = {
  q_bc_mono_reten: '250',
  ad_rem_ibs_reten: '0.05',
  v_ibs_mono_reten: '12.50',
  ad_rem_cbs_reten: '0.2',
  v_cbs_mono_reten: '50.00',
};
const RET = {
  q_bc_mono_ret: '1000',
  ad_rem_ibs_ret: '0.1234',
  v_ibs_mono_ret: '123.40',
  ad_rem_cbs_ret: '0.5678',
  v_cbs_mono_ret: '567.80',
};
const pointer = '/itens/1/ibs_cbs';

describe('monophasic IBS/CBS (gIBSCBSMono) in modo informado', () => {
  it('620001 with gMonoPadrao passes; the item totals are derived (nfe_ibs_cbs_mono_total_item) when not sent', () => {
    const v = validateNfeRequest(comMono(PADRAO), ctx);
    expect(v.erros).toEqual([]);
    expect(v.request!.itens[1]!.ibs_cbs).toMatchObject({
      v_tot_ibs_mono_item: '123.40',
      v_tot_cbs_mono_item: '567.80',
    });
    expect(v.ajustes.filter((a) => a.regra === 'nfe_ibs_cbs_mono_total_item').map((a) => a.campo)).toEqual([
      `${pointer}/v_tot_ibs_mono_item`,
      `${pointer}/v_tot_cbs_mono_item`,
    ]);
  });

  it('subgroups by the cClassTrib indicators: UB84a-10 1125, UB84a-20 1126, UB90-10 1127, UB90-20 1128, UB94-10 1108', () => {
    // 620001 without gMonoPadrao (only its totals sent).
    expect(erros({ cst: '620', c_class_trib: '620001', v_tot_ibs_mono_item: '0', v_tot_cbs_mono_item: '0' })).toEqual([
      ['grupo_ibs_cbs_invalido', `${pointer}/q_bc_mono`, '1125'],
    ]);
    // 620001 does not take gMonoReten; 620002 needs it.
    expect(erros({ ...PADRAO, ...RETEN })).toEqual([['grupo_ibs_cbs_invalido', `${pointer}/q_bc_mono_reten`, '1128']]);
    expect(erros({ ...PADRAO, c_class_trib: '620002' })).toEqual([
      ['grupo_ibs_cbs_invalido', `${pointer}/q_bc_mono_reten`, '1127'],
    ]);
    expect(erros({ ...PADRAO, ...RETEN, c_class_trib: '620002' })).toEqual([]);
    // 620006 (charged before, art. 180) takes gMonoRet and not gMonoPadrao.
    expect(erros({ ...PADRAO, c_class_trib: '620006' })).toEqual([
      ['grupo_ibs_cbs_invalido', `${pointer}/q_bc_mono`, '1126'],
      ['grupo_ibs_cbs_invalido', `${pointer}/q_bc_mono_ret`, '1108'],
    ]);
    expect(erros({ cst: '620', c_class_trib: '620006', ...RET })).toEqual([]);
  });

  it('the group against the CST: UB13-39 1151 on a non-monophasic CST, UB13-40 1116 and UB13-20 1021 on CST 620', () => {
    // CST 000 also misses its gIBSCBS (UB13-30 1022); the monophasic subgroups are not judged by its indicators.
    expect(erros({ ...PADRAO, cst: '000', c_class_trib: '000001' })).toEqual([
      ['grupo_ibs_cbs_invalido', `${pointer}/cst`, '1151'],
      ['grupo_ibs_cbs_invalido', `${pointer}/v_bc`, '1022'],
    ]);
    const gIbsCbs = {
      v_bc: '5000.00',
      p_ibs_uf: '0.1',
      v_ibs_uf: '5.00',
      p_ibs_mun: '0',
      v_ibs_mun: '0.00',
      p_cbs: '0.9',
      v_cbs: '45.00',
    };
    expect(erros({ cst: '620', c_class_trib: '620001', ...gIbsCbs })).toEqual([
      ['grupo_ibs_cbs_invalido', `${pointer}/cst`, '1116'],
      ['grupo_ibs_cbs_invalido', `${pointer}/v_bc`, '1021'],
    ]);
  });

  it('amounts: quantity × ad rem within 0.01 (no official code); the item totals UB104-10 1070 and UB105-10 1071', () => {
    // 1000 × 0.1234 = 123.40; 123.41 is within the tolerance, 123.45 is not.
    expect(erros({ ...PADRAO, v_ibs_mono: '123.41' })).toEqual([]);
    expect(erros({ ...PADRAO, v_tot_ibs_mono_item: '123.45' })).toEqual([
      ['valor_tributo_divergente', `${pointer}/v_tot_ibs_mono_item`, '1070'],
    ]);
    expect(erros({ ...PADRAO, v_cbs_mono: '567.85', v_tot_cbs_mono_item: '567.85' })).toEqual([
      ['valor_tributo_divergente', `${pointer}/v_cbs_mono`, undefined],
    ]);
    // vTotCBSMonoItem = vCBSMono + vCBSMonoReten − vCBSMonoDif = 567.80 + 50.00.
    expect(erros({ ...PADRAO, ...RETEN, c_class_trib: '620002', v_tot_cbs_mono_item: '567.80' })).toEqual([
      ['valor_tributo_divergente', `${pointer}/v_tot_cbs_mono_item`, '1071'],
    ]);
    // A subgroup is sent whole.
    expect(erros({ ...PADRAO, ad_rem_cbs: undefined })).toContainEqual([
      'campo_obrigatorio',
      `${pointer}/ad_rem_cbs`,
      undefined,
    ]);
  });

  it('the XML: gIBSCBSMono in layout order, IBSCBSTot/gMono the sums, vItem and vNFTot with the monophasic totals; schema-valid', () => {
    const { xml } = signedNfe(comMono({ ...PADRAO, ...RETEN, c_class_trib: '620002' }));
    expect(xml).toContain(
      '<IBSCBS><CST>620</CST><cClassTrib>620002</cClassTrib><gIBSCBSMono><gMonoPadrao><qBCMono>1000.0000</qBCMono>' +
        '<adRemIBS>0.1234</adRemIBS><adRemCBS>0.5678</adRemCBS><vIBSMono>123.40</vIBSMono><vCBSMono>567.80</vCBSMono>' +
        '</gMonoPadrao><gMonoReten><qBCMonoReten>250.0000</qBCMonoReten><adRemIBSReten>0.05</adRemIBSReten>' +
        '<vIBSMonoReten>12.50</vIBSMonoReten><adRemCBSReten>0.20</adRemCBSReten><vCBSMonoReten>50.00</vCBSMonoReten>' +
        '</gMonoReten><vTotIBSMonoItem>135.90</vTotIBSMonoItem><vTotCBSMonoItem>617.80</vTotCBSMonoItem></gIBSCBSMono></IBSCBS>',
    );
    expect(xml).toContain(
      '<IBSCBSTot><vBCIBSCBS>0.00</vBCIBSCBS><gMono><vIBSMono>123.40</vIBSMono><vCBSMono>567.80</vCBSMono>' +
        '<vIBSMonoReten>12.50</vIBSMonoReten><vCBSMonoReten>50.00</vCBSMonoReten><vIBSMonoRet>0.00</vIBSMonoRet>' +
        '<vCBSMonoRet>0.00</vCBSMonoRet></gMono></IBSCBSTot>',
    );
    // vNF = 100.00 + IPI 5.00 + 5000.00 = 5105.00; the gasoline's vItem adds 135.90 + 617.80 (VB01-10), vNFTot their sum (W60-10).
    expect(/<vNF>([^<]*)<\/vNF>/.exec(xml)?.[1]).toBe('5105.00');
    expect([...xml.matchAll(/<vItem>([^<]*)<\/vItem>/g)].map((m) => m[1])).toEqual(['105.00', '5753.70']);
    expect(/<vNFTot>([^<]*)<\/vNFTot>/.exec(xml)?.[1]).toBe('5858.70');
    const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
  });

  it('620007 (perecimento, "sem alíquota"): the group carries only its totals, zero, and validates', () => {
    const semAliquota = { cst: '620', c_class_trib: '620007', v_tot_ibs_mono_item: '0', v_tot_cbs_mono_item: '0' };
    expect(erros(semAliquota)).toEqual([]);
    const { xml } = signedNfe(comMono(semAliquota));
    expect(xml).toContain(
      '<gIBSCBSMono><vTotIBSMonoItem>0.00</vTotIBSMonoItem><vTotCBSMonoItem>0.00</vTotCBSMonoItem></gIBSCBSMono>',
    );
    const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
  });
});
