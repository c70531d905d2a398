import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { EngineError } from '../../src/engine/errors.js';
import { previewNfe } from '../../src/engine/nfe/preview-nfe.js';
import { verifyXmlSignature } from '../../src/engine/xml/verify-xml-signature.js';
import { xmllint } from '../support/external-tools.js';
import { httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeInput, PORTO_ALEGRE } from '../support/nfe-fixtures.js';
import { TOMA_CNPJ } from '../support/nfse-fixtures.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

// Worked examples of modo calcular, each computed by hand from the official rule cited beside it. The company is in
// Porto Alegre (RS); rates come from the data directory's tables (nfe/tabelas, nfe/rtc).

let t: TestApp;
let acct: SeededAccount;
let seq = 0;

useTestApp((s) => ({ t, acct } = s));

const RIO = '3304557';
const CPF = '52998224725';
const SALVADOR = '2927408';
const EM_2026 = new Date('2026-11-20T15:00:00Z');
const EM_2027 = new Date('2027-03-10T15:00:00Z');

const principal = (): Principal => ({
  accountId: acct.accountId,
  environment: 'test',
  apiKeyId: 'test',
  companyId: null,
});
const deps = (at: Date) => ({ ...t.app.engine, clock: { now: () => at } });

async function company(regime: string) {
  return acct.company({ ...NFE_COMPANY, regime_tributario: regime });
}

async function produto(empresaId: string, extra: Record<string, unknown>): Promise<string> {
  const sku = `P-${Date.now().toString(36)}-${++seq}`;
  const res = await httpClient(t.url, acct.testKey).post('/v1/produtos', {
    empresa_id: empresaId,
    sku,
    descricao: 'Produto de teste',
    unidade: 'UN',
    origem: '0',
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return sku;
}

const contribuinteEm = (municipio: string) => ({
  documento: TOMA_CNPJ,
  nome: 'Cliente Exemplo Ltda',
  contribuinte: 'contribuinte',
  inscricao_estadual: '9012345678',
  endereco: { logradouro: 'Rua Um', numero: '10', bairro: 'Centro', municipio, cep: '40000000' },
});

function corpo(empresaId: string, itens: unknown[], extra: Record<string, unknown> = {}) {
  return {
    modo: 'calcular',
    empresa_id: empresaId,
    presenca: 'internet',
    destinatario: contribuinteEm(PORTO_ALEGRE),
    itens,
    pagamentos: [{ forma: 'pix' }],
    ...extra,
  };
}

/** The text of each `<tag>` inside `inside` (the first `<inside>` element), in order. */
function tags(xml: string, inside: string, tag: string): string[] {
  const start = xml.indexOf(`<${inside}`);
  const part = xml.slice(start, xml.indexOf(`</${inside}>`, start));
  return [...part.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
}
const one = (xml: string, inside: string, tag: string) => tags(xml, inside, tag)[0];

/** Every calculated note is schema-valid and its signature verifies. */
function checkedXml(xml: string): string {
  const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  expect(verifyXmlSignature(xml, 'infNFe')).toMatchObject({ valid: true });
  return xml;
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError;
};

describe('modo calcular', () => {
  it('venda interna, lucro real, 2026: IPI by the TIPI, ICMS at the RS modal rate, PIS/COFINS without the ICMS, IBS/CBS test-year rates', async () => {
    const c = await company('lucro_real');
    const sku = await produto(c.id, { ncm: '84716052', tributacao: { icms: { cst: '00' }, ipi: { cst: '50' } } });
    const p = await previewNfe(deps(EM_2026), principal(), {
      body: nfeInput(corpo(c.id, [{ produto: sku, quantidade: '2', valor_unitario: '50' }])),
    });
    const xml = checkedXml(p.xml);
    // TIPI (Decreto 11.158/2022 up to ADE RFB 3/2025): 8471.60.52 at 9.75 %, on the operation's value (RIPI art. 190): 100.00 × 9.75 % = 9.75.
    expect([one(xml, 'IPITrib', 'vBC'), one(xml, 'IPITrib', 'pIPI'), one(xml, 'IPITrib', 'vIPI')]).toEqual([
      '100.00',
      '9.75',
      '9.75',
    ]);
    // LC 87/1996 art. 13 § 2º: between contributors, for resale, the IPI stays out of the ICMS base; RICMS/RS Livro I art. 27: 17 %.
    expect([one(xml, 'ICMS00', 'vBC'), one(xml, 'ICMS00', 'pICMS'), one(xml, 'ICMS00', 'vICMS')]).toEqual([
      '100.00',
      '17.00',
      '17.00',
    ]);
    // Lei 10.637/2002 and 10.833/2003 (1.65 % / 7.6 %) on 100.00 − 17.00 (STF RE 574.706): 1.3695 → 1.37, 6.308 → 6.31.
    expect([one(xml, 'PISAliq', 'vBC'), one(xml, 'PISAliq', 'vPIS'), one(xml, 'COFINSAliq', 'vCOFINS')]).toEqual([
      '83.00',
      '1.37',
      '6.31',
    ]);
    // LC 214/2025 arts. 343-346 (2026: CBS 0.9 %, IBS-UF 0.1 %, IBS-Mun 0 %); NT 2025.002 UB16 base 100 − 1.37 − 6.31 − 17 = 75.32:
    // IBS-UF 0.07532 → 0.08, CBS 0.67788 → 0.68.
    expect(one(xml, 'IBSCBS', 'CST')).toBe('000');
    expect(one(xml, 'IBSCBS', 'cClassTrib')).toBe('000001');
    expect([
      one(xml, 'gIBSCBS', 'vBC'),
      one(xml, 'gIBSUF', 'vIBSUF'),
      one(xml, 'gIBSMun', 'vIBSMun'),
      one(xml, 'gIBSCBS', 'vIBS'),
      one(xml, 'gCBS', 'vCBS'),
    ]).toEqual(['75.32', '0.08', '0.00', '0.08', '0.68']);
    // vNF = 100.00 + IPI 9.75; vNFTot and vItem add IBS and CBS: 109.75 + 0.08 + 0.68.
    expect(one(xml, 'ICMSTot', 'vNF')).toBe('109.75');
    expect(one(xml, 'total', 'vNFTot')).toBe('110.51');
    expect(one(xml, 'det', 'vItem')).toBe('110.51');
    expect(one(xml, 'det', 'CFOP')).toBe('5102');
    expect(p.valorTotal).toBe('109.75');
    const regras = Object.fromEntries(p.ajustes.filter((a) => a.acao === 'calculado').map((a) => [a.campo, a]));
    expect(regras['/itens/0/ipi/v_ipi']).toMatchObject({
      regra: 'ipi_aliquota_tipi',
      valor: '9.75',
      versao: expect.any(String),
      fonte: expect.stringContaining('TIPI'),
    });
    expect(regras['/itens/0/icms/v_icms']).toMatchObject({
      regra: 'icms_rs_aliquota_interna',
      valor: '17.00',
      motivo: expect.stringContaining('× 17 %'),
    });
    expect(regras['/itens/0/pis/v_pis']).toMatchObject({
      regra: 'pis_lucro_real_nao_cumulativo',
      valor: '1.37',
      motivo: expect.stringContaining('83.00'),
    });
    expect(regras['/itens/0/ibs_cbs/v_cbs']).toMatchObject({ regra: 'ibs_cbs_calculadora_oficial', valor: '0.68' });
    expect(regras['/itens/0/cfop']).toMatchObject({ regra: 'cfop_da_operacao', valor: '5102' });
    expect(p.ajustes.map((a) => a.regra)).toEqual(
      expect.arrayContaining(['nfe_operacao_venda', 'nfe_natureza_da_operacao']),
    );
  });

  it('2027: IBS/CBS at the 2027 rates and PIS/COFINS extinct', async () => {
    const c = await company('lucro_real');
    const sku = await produto(c.id, { ncm: '84716052', tributacao: { icms: { cst: '00' } } });
    const p = await previewNfe(deps(EM_2027), principal(), {
      body: nfeInput(corpo(c.id, [{ produto: sku, quantidade: '1', valor_unitario: '100' }])),
    });
    const xml = checkedXml(p.xml);
    // EC 132/2023 art. 126, II, b: PIS and COFINS extinct from 2027 (CST 08, no incidence).
    expect(one(xml, 'PISNT', 'CST')).toBe('08');
    // Base 100 − ICMS 17 = 83.00; LC 214/2025 art. 344 (IBS 0.05 % + 0.05 %) and the calculator's CBS 8.4 %:
    // 0.0415 → 0.04 (half to even), 6.972 → 6.97.
    expect([
      one(xml, 'gIBSCBS', 'vBC'),
      one(xml, 'gIBSUF', 'vIBSUF'),
      one(xml, 'gIBSMun', 'vIBSMun'),
      one(xml, 'gCBS', 'vCBS'),
    ]).toEqual(['83.00', '0.04', '0.04', '6.97']);
    expect([one(xml, 'gIBSUF', 'pIBSUF'), one(xml, 'gIBSMun', 'pIBSMun'), one(xml, 'gCBS', 'pCBS')]).toEqual([
      '0.05',
      '0.05',
      '8.40',
    ]);
    expect(one(xml, 'IBSCBSTot', 'vIBS')).toBe('0.08');
    expect(one(xml, 'total', 'vNFTot')).toBe('107.05');
  });

  it('a cClassTrib with reduction carries gRed and the effective rate (200034, food of Anexo VII: 60 %)', async () => {
    const c = await company('lucro_real');
    const sku = await produto(c.id, {
      ncm: '03073100',
      tributacao: {
        // RS applies rule N12-85 (NT 2019.001): CST 40 needs a cBenef, the literal SEM CBENEF being accepted there.
        icms: { cst: '40', c_benef: 'SEM CBENEF' },
        pis: { cst: '06' },
        cofins: { cst: '06' },
        ibs_cbs: { cst: '200', c_class_trib: '200034' },
      },
    });
    const p = await previewNfe(deps(EM_2026), principal(), {
      body: nfeInput(corpo(c.id, [{ produto: sku, quantidade: '10', valor_unitario: '10' }])),
    });
    const xml = checkedXml(p.xml);
    // LC 214/2025 art. 137 (Anexo VII), cclasstrib.csv pRed 60: 0.1 × 0.4 = 0.04 %, 0.9 × 0.4 = 0.36 %, on 100.00.
    expect(tags(xml, 'gIBSUF', 'pRedAliq')).toEqual(['60.00']);
    expect([
      one(xml, 'gIBSUF', 'pAliqEfet'),
      one(xml, 'gIBSUF', 'vIBSUF'),
      one(xml, 'gCBS', 'pAliqEfet'),
      one(xml, 'gCBS', 'vCBS'),
    ]).toEqual(['0.04', '0.04', '0.36', '0.36']);
  });

  it('ICMS-ST, RS → BA, tyres (CEST 16.001.00): adjusted MVA, the destination rate less the own ICMS', async () => {
    const c = await company('lucro_real');
    const sku = await produto(c.id, { ncm: '40111000', cest: '1600100', tributacao: { icms: { cst: '10' } } });
    const p = await previewNfe(deps(EM_2026), principal(), {
      body: nfeInput(
        corpo(c.id, [{ produto: sku, quantidade: '1', valor_unitario: '100' }], {
          destinatario: contribuinteEm(SALVADOR),
        }),
      ),
    });
    const xml = checkedXml(p.xml);
    // Resolução do Senado 22/1989: RS → BA 7 %. MVA original 42 % (Protocolo ICMS 85/2011 table of BA), adjusted
    // (Convênio ICMS 142/2018 cl. 13ª; formula of Conv. 104/2008): 1.42 × 0.93 / 0.795 − 1 = 66.11 %.
    // Base ST 100 × 1.6611 = 166.11; ICMS-ST 166.11 × 20.5 % − 7.00 = 27.05255 → 27.05.
    expect([one(xml, 'ICMS10', 'pICMS'), one(xml, 'ICMS10', 'vICMS')]).toEqual(['7.00', '7.00']);
    expect([
      one(xml, 'ICMS10', 'modBCST'),
      one(xml, 'ICMS10', 'pMVAST'),
      one(xml, 'ICMS10', 'vBCST'),
      one(xml, 'ICMS10', 'pICMSST'),
      one(xml, 'ICMS10', 'vICMSST'),
    ]).toEqual(['4', '66.11', '166.11', '20.50', '27.05']);
    expect(one(xml, 'det', 'CFOP')).toBe('6403');
    expect(one(xml, 'ICMSTot', 'vST')).toBe('27.05');
    expect(one(xml, 'ICMSTot', 'vNF')).toBe('127.05');
    expect(p.ajustes.find((a) => a.campo === '/itens/0/icms/v_icms_st')).toMatchObject({
      acao: 'calculado',
      regra: 'icms_st_ba_mva_ajustada',
      valor: '27.05',
      motivo: expect.stringContaining('66.11 %'),
    });
  });

  it('DIFAL: RS → RJ, imported good to a non-contributor, lucro presumido', async () => {
    const c = await company('lucro_presumido');
    const sku = await produto(c.id, { ncm: '84716052', origem: '1', tributacao: { icms: { cst: '00' } } });
    const destinatario = {
      documento: CPF,
      nome: 'Maria Consumidora',
      contribuinte: 'nao_contribuinte',
      endereco: { logradouro: 'Rua Dois', numero: '20', bairro: 'Centro', municipio: RIO, cep: '20000000' },
    };
    const p = await previewNfe(deps(EM_2026), principal(), {
      body: nfeInput(corpo(c.id, [{ produto: sku, quantidade: '1', valor_unitario: '100' }], { destinatario })),
    });
    const xml = checkedXml(p.xml);
    // Resolução do Senado 13/2012: 4 % for origin 1. EC 87/2015, LC 190/2022, Convênio ICMS 236/2021 (base única):
    // RJ 20 % (Lei 2.657/1996 art. 14) − 4 % = 16 % of 100.00 = 16.00, all to RJ; FECP/RJ 2 % = 2.00.
    expect([one(xml, 'ICMS00', 'pICMS'), one(xml, 'ICMS00', 'vICMS')]).toEqual(['4.00', '4.00']);
    expect([
      one(xml, 'ICMSUFDest', 'vBCUFDest'),
      one(xml, 'ICMSUFDest', 'pICMSUFDest'),
      one(xml, 'ICMSUFDest', 'pICMSInter'),
      one(xml, 'ICMSUFDest', 'pICMSInterPart'),
      one(xml, 'ICMSUFDest', 'vICMSUFDest'),
      one(xml, 'ICMSUFDest', 'vFCPUFDest'),
      one(xml, 'ICMSUFDest', 'vICMSUFRemet'),
    ]).toEqual(['100.00', '20.00', '4.00', '100.00', '16.00', '2.00', '0.00']);
    // Lei 9.715/1998 and 9.718/1998 (cumulative 0.65 % / 3 %) on 100 − 4 = 96.00: 0.624 → 0.62, 2.88.
    expect([one(xml, 'PISAliq', 'vPIS'), one(xml, 'COFINSAliq', 'vCOFINS')]).toEqual(['0.62', '2.88']);
    // IBS/CBS base 100 − 0.62 − 2.88 − 4 − 16 − 2 = 74.50: 0.0745 → 0.07, 0.6705 → 0.67.
    expect([one(xml, 'gIBSCBS', 'vBC'), one(xml, 'gIBSUF', 'vIBSUF'), one(xml, 'gCBS', 'vCBS')]).toEqual([
      '74.50',
      '0.07',
      '0.67',
    ]);
    expect(one(xml, 'det', 'CFOP')).toBe('6108');
    expect(one(xml, 'ICMSTot', 'vICMSUFDest')).toBe('16.00');
  });

  it('Simples Nacional: CSOSN without amounts or with the credit, PIS/COFINS in the DAS, no IBS/CBS group', async () => {
    const c = await company('simples_nacional');
    const semCredito = await produto(c.id, { ncm: '84716052', tributacao: { icms: { csosn: '102' } } });
    const comCredito = await produto(c.id, {
      ncm: '84716052',
      tributacao: { icms: { csosn: '101', aliquota: '2.56' } },
    });
    const p = await previewNfe(deps(EM_2026), principal(), {
      body: nfeInput(
        corpo(c.id, [
          { produto: semCredito, quantidade: '1', valor_unitario: '100' },
          { produto: comCredito, quantidade: '3', valor_unitario: '25' },
        ]),
      ),
    });
    const xml = checkedXml(p.xml);
    expect(one(xml, 'ICMSSN102', 'CSOSN')).toBe('102');
    // LC 123/2006 art. 23 § 1º: the buyer's credit at the seller's Simples rate, 75.00 × 2.56 % = 1.92.
    expect([one(xml, 'ICMSSN101', 'pCredSN'), one(xml, 'ICMSSN101', 'vCredICMSSN')]).toEqual(['2.56', '1.92']);
    // LC 123/2006 art. 13: PIS and COFINS in the DAS, CST 49 without amounts.
    expect(tags(xml, 'det', 'CST')).toContain('49');
    expect(xml).not.toContain('<IBSCBS>');
    expect(one(xml, 'ICMSTot', 'vNF')).toBe('175.00');
  });

  it('venda_consumidor_final puts the IPI in the ICMS base; bonificacao is CFOP 5910 without PIS/COFINS', async () => {
    const c = await company('lucro_real');
    const sku = await produto(c.id, { ncm: '84716052', tributacao: { icms: { cst: '00' }, ipi: { cst: '50' } } });
    const consumidor = {
      documento: CPF,
      nome: 'Maria Consumidora',
      contribuinte: 'nao_contribuinte',
      endereco: { logradouro: 'Rua Dois', numero: '20', bairro: 'Centro', municipio: PORTO_ALEGRE, cep: '90000000' },
    };
    const final = await previewNfe(deps(EM_2026), principal(), {
      body: nfeInput(
        corpo(c.id, [{ produto: sku, quantidade: '1', valor_unitario: '100' }], {
          operacao: 'venda_consumidor_final',
          destinatario: consumidor,
        }),
      ),
    });
    const xml = checkedXml(final.xml);
    // LC 87/1996 art. 13 § 2º a contrario: to a final consumer the IPI is in the ICMS base, (100.00 + 9.75) × 17 % = 18.6575 → 18.66.
    expect([
      one(xml, 'ICMS00', 'vBC'),
      one(xml, 'ICMS00', 'vICMS'),
      one(xml, 'det', 'CFOP'),
      one(xml, 'ide', 'indFinal'),
    ]).toEqual(['109.75', '18.66', '5102', '1']);
    const bonificacao = await previewNfe(deps(EM_2026), principal(), {
      body: nfeInput(
        corpo(c.id, [{ produto: sku, quantidade: '1', valor_unitario: '100' }], { operacao: 'bonificacao' }),
      ),
    });
    const bxml = checkedXml(bonificacao.xml);
    // Convênio s/nº de 1970 Anexo II (Ajuste SINIEF 03/24): 5.910 remessa em bonificação; a bonificação is no revenue
    // (Lei 10.833/2003 art. 1º): PIS/COFINS CST 49 without amounts; ICMS and IPI as in a sale.
    expect([
      one(bxml, 'det', 'CFOP'),
      one(bxml, 'PISOutr', 'CST'),
      one(bxml, 'PISOutr', 'vPIS'),
      one(bxml, 'ICMS00', 'vICMS'),
      one(bxml, 'ide', 'natOp'),
    ]).toEqual(['5910', '49', '0.00', '17.00', 'Remessa em bonificação']);
  });

  it('a product without tax profile, or outside the coverage, is a clear 422', async () => {
    const c = await company('lucro_real');
    const semPerfil = await produto(c.id, { ncm: '84716052' });
    const err = await refusal(
      previewNfe(deps(EM_2026), principal(), {
        body: nfeInput(corpo(c.id, [{ produto: semPerfil, quantidade: '1', valor_unitario: '10' }])),
      }),
    );
    expect(err.codigo).toBe('validacao');
    expect((err.extra as { erros: unknown[] }).erros).toEqual([
      expect.objectContaining({ codigo: 'produto_sem_tributacao', campo: '/itens/0/produto' }),
    ]);
    const reducao = await produto(c.id, {
      ncm: '84716052',
      tributacao: { icms: { cst: '20', c_benef: 'RS051901' } },
    });
    const fora = await refusal(
      previewNfe(deps(EM_2026), principal(), {
        body: nfeInput(corpo(c.id, [{ produto: reducao, quantidade: '1', valor_unitario: '10' }])),
      }),
    );
    expect(fora).toMatchObject({ codigo: 'nfe_fora_de_cobertura', campo: '/itens/0/icms' });
    expect(fora.message).toContain('reducao_bc');
    const semMva = await produto(c.id, { ncm: '84716052', tributacao: { icms: { cst: '10' } } });
    const st = await refusal(
      previewNfe(deps(EM_2026), principal(), {
        body: nfeInput(corpo(c.id, [{ produto: semMva, quantidade: '1', valor_unitario: '10' }])),
      }),
    );
    expect(st).toMatchObject({ codigo: 'nfe_fora_de_cobertura' });
    expect(st.message).toContain('CEST');
    const inexistente = await refusal(
      previewNfe(deps(EM_2026), principal(), {
        body: nfeInput(corpo(c.id, [{ produto: 'NAO-EXISTE', quantidade: '1', valor_unitario: '10' }])),
      }),
    );
    expect((inexistente.extra as { erros: unknown[] }).erros).toEqual([
      expect.objectContaining({ codigo: 'produto_nao_encontrado', campo: '/itens/0/produto' }),
    ]);
  });

  it('POST /v1/nfe calcular is issued and authorised; GET /v1/nfe/cobertura states the coverage', async () => {
    const c = await company('lucro_real');
    const sku = await produto(c.id, {
      ncm: '84716052',
      gtin: '7891000100103',
      tributacao: { icms: { cst: '00' }, ipi: { cst: '50' } },
    });
    const res = await httpClient(t.url, acct.testKey).post(
      '/v1/nfe',
      corpo(c.id, [{ produto: sku, quantidade: '2', valor_unitario: '50' }]),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'autorizada', modo: 'calcular', valor_total: '109.75' });
    expect(res.body.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          campo: '/itens/0/icms/v_icms',
          acao: 'calculado',
          regra: 'icms_rs_aliquota_interna',
          valor: '17.00',
        }),
      ]),
    );
    const xml = await httpClient(t.url, acct.testKey).get(`/v1/nfe/${res.body.id}/xml`);
    expect(xml.text).toContain('<cEAN>7891000100103</cEAN>');
    const cobertura = await httpClient(t.url, acct.testKey).get('/v1/nfe/cobertura');
    expect(cobertura.status).toBe(200);
    expect(cobertura.body.regimes).toEqual(['simples_nacional', 'mei', 'lucro_presumido', 'lucro_real']);
    const st = cobertura.body.icms_st as { segmento_cest: string; ufs_destino: string[] }[];
    expect(st.map((s) => s.segmento_cest)).toEqual(expect.arrayContaining(['01', '03', '16']));
    expect(st.find((s) => s.segmento_cest === '03')!.ufs_destino).toContain('TO');
    expect(cobertura.body.icms.cst).toEqual(expect.arrayContaining(['20', '30', '51', '70', '90']));
    expect(cobertura.body.icms.csosn).toContain('900');
    expect(cobertura.body.icms.cst).toContain('10');
  });
});

describe('modo calcular, devolucao', () => {
  it("takes the origin note's taxes in proportion to the quantity returned, finalidade devolucao, the key per item", async () => {
    const c = await company('lucro_real');
    const sku = await produto(c.id, { ncm: '84716052', tributacao: { icms: { cst: '00' }, ipi: { cst: '50' } } });
    const venda = await httpClient(t.url, acct.testKey).post(
      '/v1/nfe',
      corpo(c.id, [{ produto: sku, quantidade: '4', valor_unitario: '25' }]),
    );
    expect(venda.status, venda.text).toBe(201);
    const p = await previewNfe(deps(EM_2026), principal(), {
      body: nfeInput(
        corpo(c.id, [{ produto: sku, quantidade: '1' }], {
          operacao: 'devolucao',
          chave_referenciada: venda.body.chave_acesso,
          item_referenciado: 1,
        }),
      ),
    });
    const xml = checkedXml(p.xml);
    // The sale (4 × 25.00): ICMS 17 % of 100.00, IPI 9.75 %, PIS/COFINS on 83.00. Returning 1 of 4 (Ajuste SINIEF 07/2005,
    // the return carries the origin's taxes; MOC 4.00 finNFe 4): bases ÷ 4, each value base × rate again:
    // ICMS 25.00 × 17 % = 4.25; IPI 25.00 × 9.75 % = 2.4375 → 2.44; PIS 20.75 × 1.65 % = 0.342375 → 0.34.
    expect([
      one(xml, 'ICMS00', 'vBC'),
      one(xml, 'ICMS00', 'vICMS'),
      one(xml, 'IPITrib', 'vIPI'),
      one(xml, 'PISAliq', 'vBC'),
      one(xml, 'PISAliq', 'vPIS'),
    ]).toEqual(['25.00', '4.25', '2.44', '20.75', '0.34']);
    expect([one(xml, 'ide', 'finNFe'), one(xml, 'ide', 'tpNF'), one(xml, 'det', 'CFOP')]).toEqual(['4', '0', '1202']);
    expect(one(xml, 'DFeReferenciado', 'chaveAcesso')).toBe(venda.body.chave_acesso);
    expect(p.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ regra: 'nfe_devolucao_tributos_da_origem', campo: '/itens/0', valor: '1202' }),
      ]),
    );
  });
});
