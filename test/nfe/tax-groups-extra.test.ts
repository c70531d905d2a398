import { describe, expect, it } from 'vitest';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { testIdentity } from '../support/nfse-fixtures.js';
import { nfeBody, signedNfe, validateNfeRequest } from '../support/nfe-fixtures.js';

const DIFAL = {
  v_bc_uf_dest: '100.00',
  p_icms_uf_dest: '19.5',
  p_icms_inter: '12',
  p_icms_inter_part: '100',
  v_icms_uf_dest: '7.50',
  v_icms_uf_remet: '0.00',
};
const FCP = { v_bc_fcp_uf_dest: '100.00', p_fcp_uf_dest: '2', v_fcp_uf_dest: '2.00' };

/** Interstate sale (RS → PR) to a final consumer outside the ICMS, item 0 sharing its ICMS with the destination UF. */
function body(uf: Record<string, unknown>, second?: Record<string, unknown>) {
  const b = nfeBody();
  b.destinatario = { ...b.destinatario, contribuinte: 'nao_contribuinte' };
  delete b.destinatario.inscricao_estadual;
  b.itens[0].icms_uf_dest = uf;
  if (second) b.itens[1].icms_uf_dest = second;
  return b;
}

describe('ICMSUFDest (group NA of layout 4.00)', () => {
  it('with and without the destination FCP: schema-valid (xmllint), signed (xmlsec1), in layout order, summed into ICMSTot', () => {
    const { xml } = signedNfe(
      body({ ...DIFAL, ...FCP }, { ...DIFAL, v_bc_uf_dest: '10.00', v_icms_uf_dest: '1.25', p_icms_inter: '7.00' }),
    );
    const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    const sig = xmlsecVerify(xml, testIdentity().cert.certificatePem, 'infNFe');
    expect(sig.ok, sig.output).toBe(true);
    expect(xml).toContain(
      '<ICMSUFDest><vBCUFDest>100.00</vBCUFDest><vBCFCPUFDest>100.00</vBCFCPUFDest><pFCPUFDest>2.00</pFCPUFDest>' +
        '<pICMSUFDest>19.50</pICMSUFDest><pICMSInter>12.00</pICMSInter><pICMSInterPart>100.00</pICMSInterPart><vFCPUFDest>2.00</vFCPUFDest>' +
        '<vICMSUFDest>7.50</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet></ICMSUFDest>',
    );
    expect(xml).toContain(
      '<pICMSInter>7.00</pICMSInter><pICMSInterPart>100.00</pICMSInterPart><vICMSUFDest>1.25</vICMSUFDest>',
    );
    // After COFINS, before IBSCBS; totals W04c–W04e after vICMSDeson.
    expect(xml.indexOf('<ICMSUFDest>')).toBeGreaterThan(xml.indexOf('</COFINS>'));
    expect(xml).toContain(
      '<vICMSDeson>0.00</vICMSDeson><vFCPUFDest>2.00</vFCPUFDest><vICMSUFDest>8.75</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet><vFCP>',
    );
  });

  it('notes without it keep ICMSTot without the three totals', () => {
    const { xml } = signedNfe(nfeBody());
    expect(xml).not.toContain('UFDest');
  });

  it('names missing required members, an interstate rate outside 4/7/12, a partial FCP and unknown members, all at once', () => {
    const { p_icms_uf_dest: _omit, ...semAliquota } = DIFAL;
    const v = validateNfeRequest(body({ ...semAliquota, p_icms_inter: '5', p_fcp_uf_dest: '2', v_icms: '1.00' }), {
      simples: false,
      chaveRestritaEmpresa: true,
      environment: 'test',
      dia: '2026-11-02',
    });
    expect(v.erros.map((e) => `${e.codigo} ${e.campo}`)).toEqual(
      expect.arrayContaining([
        'campo_desconhecido /itens/0/icms_uf_dest/v_icms',
        'campo_obrigatorio /itens/0/icms_uf_dest/p_icms_uf_dest',
        'formato_invalido /itens/0/icms_uf_dest/p_icms_inter',
        'campo_obrigatorio /itens/0/icms_uf_dest/v_bc_fcp_uf_dest',
        'campo_obrigatorio /itens/0/icms_uf_dest/v_fcp_uf_dest',
      ]),
    );
    expect(v.erros).toHaveLength(5);
    expect(
      validateNfeRequest(body({ ...DIFAL, v_icms_uf_dest: 7.5 }), {
        simples: false,
        chaveRestritaEmpresa: true,
        environment: 'test',
        dia: '2026-11-02',
      }).erros,
    ).toEqual([expect.objectContaining({ codigo: 'tipo_invalido', campo: '/itens/0/icms_uf_dest/v_icms_uf_dest' })]);
  });
});

describe('ICMSUFDest arithmetic and the rules of its rates (informado, conferir)', () => {
  const ctx = { simples: false, chaveRestritaEmpresa: true, environment: 'test' as const, dia: '2026-11-02', uf: 'RS' };
  const erros = (uf: Record<string, unknown>, totais?: Record<string, unknown>) => {
    const b = body(uf);
    if (totais) b.totais = totais;
    return validateNfeRequest(b, ctx).erros.map((e) => `${e.codigo} ${e.campo} ${e.codigo_oficial ?? ''}`.trim());
  };

  it('accepts the DIFAL in base única and in base dupla, each rounded or truncated to the cent', () => {
    // Base única: 100.00 × (19.5 % − 12 %) = 7.50. Base dupla (item 0 carries vICMS 12.00): (100.00 − 12.00) ÷
    // (1 − 19.5 %) = 109.316… → 109.32; 109.32 × 19.5 % − 12.00 = 9.3174 → 9.32 (truncated 9.31).
    expect(erros(DIFAL)).toEqual([]);
    expect(erros({ ...DIFAL, v_bc_uf_dest: '109.32', v_icms_uf_dest: '9.32' })).toEqual([]);
    expect(erros({ ...DIFAL, v_bc_uf_dest: '109.32', v_icms_uf_dest: '9.31' })).toEqual([]);
    expect(erros({ ...DIFAL, ...FCP }, { valor_icms_uf_dest: '7.50', valor_fcp_uf_dest: '2.00' })).toEqual([]);
  });

  it('refuses a DIFAL of neither method, a wrong FCP, the sharing of before 2019 and a rate of another pair', () => {
    expect(
      erros({
        ...DIFAL,
        ...FCP,
        v_icms_uf_dest: '7.60',
        v_fcp_uf_dest: '2.10',
        p_icms_inter_part: '80',
        v_icms_uf_remet: '1.00',
      }),
    ).toEqual([
      'formato_invalido /itens/0/icms_uf_dest/p_icms_inter_part 699',
      'valor_tributo_divergente /itens/0/icms_uf_dest/v_fcp_uf_dest',
      'valor_tributo_divergente /itens/0/icms_uf_dest/v_icms_uf_dest',
      'valor_tributo_divergente /itens/0/icms_uf_dest/v_icms_uf_remet',
    ]);
    // Resolução do Senado 22/1989: RS → PR 12 %; 13/2012: 4 % only for goods of origin 1, 2, 3 or 8.
    expect(erros({ ...DIFAL, p_icms_inter: '7', v_icms_uf_dest: '12.50' })).toEqual([
      'formato_invalido /itens/0/icms_uf_dest/p_icms_inter 698',
    ]);
    expect(erros({ ...DIFAL, p_icms_inter: '4', v_icms_uf_dest: '15.50' })).toEqual([
      'formato_invalido /itens/0/icms_uf_dest/p_icms_inter 697',
    ]);
  });

  it('totals sent against the items: vICMSUFDest 799, vFCPUFDest 798, vICMSUFRemet 800, vICMSDeson 795', () => {
    expect(
      erros(
        { ...DIFAL, ...FCP },
        {
          valor_icms_uf_dest: '7.00',
          valor_fcp_uf_dest: '1.00',
          valor_icms_uf_remet: '0.01',
          valor_icms_desonerado: '3.00',
        },
      ),
    ).toEqual([
      'formato_invalido /totais/valor_icms_desonerado 795',
      'formato_invalido /totais/valor_fcp_uf_dest 798',
      'formato_invalido /totais/valor_icms_uf_dest 799',
      'formato_invalido /totais/valor_icms_uf_remet 800',
    ]);
  });
});

describe('II (group P of layout 4.00)', () => {
  const importacao = (ii: Record<string, unknown>, cfop = '3102') => {
    const b = nfeBody({ tipo_operacao: 'entrada', pagamentos: [{ forma: 'sem_pagamento', valor: '0.00' }] });
    b.itens[0] = { ...b.itens[0], cfop, ii };
    b.itens[1] = { ...b.itens[1], cfop };
    return b;
  };
  const II = { v_bc: '100.00', v_desp_adu: '15.5', v_ii: '20.00', v_iof: '0.38' };

  it('is written after IPI, schema-valid (xmllint) and signed (xmlsec1); vII enters ICMSTot and vNF', () => {
    const { xml } = signedNfe(importacao(II));
    const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    expect(xmlsecVerify(xml, testIdentity().cert.certificatePem, 'infNFe').ok).toBe(true);
    expect(xml).toContain(
      '</IPI><II><vBC>100.00</vBC><vDespAdu>15.50</vDespAdu><vII>20.00</vII><vIOF>0.38</vIOF></II><PIS>',
    );
    // vProd 115.00 + vIPI 5.00 + vII 20.00.
    expect(xml).toContain('<vII>20.00</vII><vIPI>5.00</vIPI>');
    expect(xml).toContain('<vNF>140.00</vNF>');
  });

  it('requires every member and an import CFOP', () => {
    const erros = (b: unknown) =>
      validateNfeRequest(b, {
        simples: false,
        chaveRestritaEmpresa: true,
        environment: 'test',
        dia: '2026-11-02',
      }).erros.map((e) => `${e.codigo} ${e.campo}`);
    expect(erros(importacao({ v_bc: '100.00', v_ii: '20.00' }))).toEqual([
      'campo_obrigatorio /itens/0/ii/v_desp_adu',
      'campo_obrigatorio /itens/0/ii/v_iof',
    ]);
    expect(erros(importacao(II, '5102'))).toEqual(['formato_invalido /itens/0/ii']);
  });
});

describe('PISST and COFINSST (groups R and T of layout 4.00)', () => {
  const comSt = (pisSt: Record<string, unknown>, cofinsSt: Record<string, unknown>) => {
    const b = nfeBody();
    b.itens[0] = { ...b.itens[0], pis_st: pisSt, cofins_st: cofinsSt };
    return b;
  };

  it('by rate and by unit: each after its own tax, schema-valid (xmllint) and signed (xmlsec1)', () => {
    const { xml } = signedNfe(
      comSt(
        { v_bc: '100.00', p_pis: '0.65', v_pis: '0.65' },
        { q_bc_prod: '10', v_aliq_prod: '0.3', v_cofins: '3.00' },
      ),
    );
    const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    expect(xmlsecVerify(xml, testIdentity().cert.certificatePem, 'infNFe').ok).toBe(true);
    expect(xml).toContain('</PIS><PISST><vBC>100.00</vBC><pPIS>0.65</pPIS><vPIS>0.65</vPIS></PISST><COFINS>');
    expect(xml).toContain(
      '</COFINS><COFINSST><qBCProd>10.0000</qBCProd><vAliqProd>0.3000</vAliqProd><vCOFINS>3.00</vCOFINS></COFINSST>',
    );
  });

  it('refuses both forms at once, a missing value and unknown members', () => {
    const erros = validateNfeRequest(
      comSt(
        { v_bc: '100.00', p_pis: '0.65', q_bc_prod: '1', v_aliq_prod: '1', v_pis: '0.65' },
        { v_bc: '100.00', p_cofins: '3', ind_soma_cofinsst: '1' },
      ),
      { simples: false, chaveRestritaEmpresa: true, environment: 'test', dia: '2026-11-02' },
    ).erros.map((e) => `${e.codigo} ${e.campo}`);
    expect(erros).toEqual([
      'formato_invalido /itens/0/pis_st',
      'campo_desconhecido /itens/0/cofins_st/ind_soma_cofinsst',
      'campo_obrigatorio /itens/0/cofins_st/v_cofins',
    ]);
  });
});
