import { describe, expect, it } from 'vitest';
import { xmllint } from '../support/external-tools.js';
import { IBS_CBS, nfeBody, nfeBodyTributado, signedNfe, validateNfeRequest } from '../support/nfe-fixtures.js';

const ctx = { simples: false, chaveRestritaEmpresa: true, environment: 'test' as const, dia: '2026-11-02' };
const campos = (body: unknown) => validateNfeRequest(body, ctx).erros.map((e) => `${e.codigo} ${e.campo}`);

describe('NF-e totals (ICMSTot W16 and IBSCBSTot)', () => {
  it('vNF = vProd − vDesc − deducted vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vIPI, schema-valid', () => {
    const { xml, validation } = signedNfe(nfeBodyTributado());
    // vProd 100.00 + 15.00; 115 − 10 − 1.80 + 13.20 + 2.80 + 15.50 + 2 + 1.25 + 5 (IPI) = 142.95
    expect(xml).toContain(
      '<ICMSTot><vBC>100.00</vBC><vICMS>12.00</vICMS><vICMSDeson>1.80</vICMSDeson><vFCP>0.00</vFCP><vBCST>140.00</vBCST>' +
        '<vST>13.20</vST><vFCPST>2.80</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>115.00</vProd><vFrete>15.50</vFrete><vSeg>2.00</vSeg>' +
        '<vDesc>10.00</vDesc><vII>0.00</vII><vIPI>5.00</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>1.65</vPIS><vCOFINS>7.60</vCOFINS>' +
        '<vOutro>1.25</vOutro><vNF>142.95</vNF></ICMSTot>',
    );
    expect(xml).toContain(
      '<vProd>100.00</vProd><cEANTrib>7891000100103</cEANTrib><uTrib>UN</uTrib><qTrib>3</qTrib><vUnTrib>33.3333</vUnTrib>' +
        '<vFrete>15.50</vFrete><vSeg>2.00</vSeg><vDesc>10.00</vDesc><vOutro>1.25</vOutro><indTot>1</indTot>',
    );
    expect(xml).toContain('<transp><modFrete>0</modFrete></transp>');
    expect(xml).toContain('<vTroco>57.05</vTroco>');
    const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    expect(validation.ajustes.map((a) => a.regra)).not.toContain('nfe_transporte_sem_frete');
  });

  it('IBS/CBS per item and IBSCBSTot, vIBS the sum of the state and municipal parts', () => {
    const { xml, validation } = signedNfe(nfeBodyTributado());
    expect(xml).toContain(
      '<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>100.00</vBC><gIBSUF><pIBSUF>0.10</pIBSUF>' +
        '<vIBSUF>0.10</vIBSUF></gIBSUF><gIBSMun><pIBSMun>0.00</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.10</vIBS>' +
        '<gCBS><pCBS>0.90</pCBS><vCBS>0.90</vCBS></gCBS></gIBSCBS></IBSCBS>',
    );
    expect(xml).toContain('<IBSCBS><CST>410</CST><cClassTrib>410001</cClassTrib></IBSCBS>');
    expect(xml).toContain(
      '</ICMSTot><IBSCBSTot><vBCIBSCBS>100.00</vBCIBSCBS><gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib>' +
        '<vIBSUF>0.10</vIBSUF></gIBSUF><gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.10</vIBS>',
    );
    expect(xml).toContain('<gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>0.90</vCBS>');
    const regras = validation.ajustes.map((a) => `${a.regra} ${a.campo}`);
    expect(regras).toContain('nfe_ibs_soma_uf_municipio /itens/0/ibs_cbs/v_ibs');
    expect(regras).toContain('nfe_totais_ibs_cbs_somados /totais');
    expect(regras.filter((r) => r.startsWith('nfe_ibs_soma_uf_municipio'))).toHaveLength(1);
  });

  it('IBS/CBS: a sent vIBS must be the sum; gIBSCBS is all or nothing; CST and cClassTrib have their lengths', () => {
    const body = nfeBodyTributado();
    body.itens[0].ibs_cbs = { ...IBS_CBS, v_ibs: '0.20' };
    expect(campos(body)).toEqual(['formato_invalido /itens/0/ibs_cbs/v_ibs']);
    body.itens[0].ibs_cbs = { ...IBS_CBS, v_ibs: '0.10' };
    expect(validateNfeRequest(body, ctx).ajustes.map((a) => a.regra)).not.toContain('nfe_ibs_soma_uf_municipio');
    body.itens[0].ibs_cbs = { cst: '1', c_class_trib: '00001', v_bc: '100.00', v_cbs: '0.90' };
    expect(campos(body)).toEqual([
      'formato_invalido /itens/0/ibs_cbs/cst',
      'formato_invalido /itens/0/ibs_cbs/c_class_trib',
      'campo_obrigatorio /itens/0/ibs_cbs/p_ibs_uf',
      'campo_obrigatorio /itens/0/ibs_cbs/v_ibs_uf',
      'campo_obrigatorio /itens/0/ibs_cbs/p_ibs_mun',
      'campo_obrigatorio /itens/0/ibs_cbs/v_ibs_mun',
      'campo_obrigatorio /itens/0/ibs_cbs/p_cbs',
    ]);
  });

  it('totais sent are checked member by member against the sums', () => {
    const certos = {
      valor_produtos: '115.00',
      valor_desconto: '10.00',
      valor_frete: '15.50',
      valor_seguro: '2.00',
      valor_outras_despesas: '1.25',
      base_icms: '100.00',
      valor_icms: '12.00',
      base_icms_st: '140.00',
      valor_icms_st: '13.20',
      valor_fcp_st: '2.80',
      valor_ipi: '5.00',
      valor_pis: '1.65',
      valor_cofins: '7.60',
      valor_ibs: '0.10',
      valor_cbs: '0.90',
      valor_nota: '142.95',
    };
    expect(campos(nfeBodyTributado({ totais: certos }))).toEqual([]);
    expect(
      campos(
        nfeBodyTributado({
          totais: { ...certos, valor_frete: '15.00', valor_icms_st: '13.00', valor_nota: '142.94', valor_cbs: '1.00' },
        }),
      ),
    ).toEqual([
      'formato_invalido /totais/valor_frete',
      'formato_invalido /totais/valor_icms_st',
      'formato_invalido /totais/valor_cbs',
      'formato_invalido /totais/valor_nota',
    ]);
    expect(campos(nfeBodyTributado({ totais: { valor_total: '1.00' } }))).toEqual([
      'campo_desconhecido /totais/valor_total',
    ]);
    expect(campos(nfeBodyTributado({ pagamentos: [{ forma: 'pix', valor: '142.94' }] }))).toEqual([
      'formato_invalido /pagamentos',
    ]);
  });

  it('freight needs a transport modality; a discount cannot pass the item value; modalities are named', () => {
    const body = nfeBodyTributado();
    delete body.transporte;
    expect(campos(body)).toEqual(['campo_obrigatorio /transporte/modalidade']);
    expect(campos(nfeBodyTributado({ transporte: { modalidade: 'cif' } }))).toEqual([
      'formato_invalido /transporte/modalidade',
    ]);
    const caro = nfeBodyTributado();
    caro.itens[1].desconto = '15.01';
    expect(campos(caro)).toEqual(['formato_invalido /itens/1/desconto']);
  });

  it('PIS/COFINS by quantity (PISQtde, PISOutr) and IPI by unit are schema-valid; mixed forms are refused', () => {
    const [a] = nfeBody().itens;
    const body = nfeBody({
      itens: [
        {
          ...a,
          pis: { cst: '03', q_bc_prod: '3', v_aliq_prod: '0.5', v_pis: '1.50' },
          cofins: { cst: '99', q_bc_prod: '3', v_aliq_prod: '1.2', v_cofins: '3.60' },
          ipi: { c_enq: '999', cst: '50', q_unid: '3', v_unid: '1.5', v_ipi: '4.50' },
        },
      ],
      pagamentos: [{ forma: 'pix', valor: '110.00' }],
    });
    const { xml } = signedNfe(body);
    expect(xml).toContain(
      '<PIS><PISQtde><CST>03</CST><qBCProd>3</qBCProd><vAliqProd>0.5</vAliqProd><vPIS>1.50</vPIS></PISQtde></PIS>',
    );
    expect(xml).toContain(
      '<COFINSOutr><CST>99</CST><qBCProd>3</qBCProd><vAliqProd>1.2</vAliqProd><vCOFINS>3.60</vCOFINS></COFINSOutr>',
    );
    expect(xml).toContain('<IPITrib><CST>50</CST><qUnid>3</qUnid><vUnid>1.5000</vUnid><vIPI>4.50</vIPI></IPITrib>');
    const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    body.itens[0].cofins = { cst: '99', v_bc: '100.00', q_bc_prod: '3', v_aliq_prod: '1.2', v_cofins: '3.60' };
    body.itens[0].pis = { cst: '07', v_pis: '0.00' };
    body.itens[0].ipi = { c_enq: '999', cst: '52', v_ipi: '1.00' };
    expect(campos(body)).toEqual([
      'campo_desconhecido /itens/0/pis/v_pis',
      'formato_invalido /itens/0/cofins',
      'campo_desconhecido /itens/0/ipi/v_ipi',
    ]);
  });
});
