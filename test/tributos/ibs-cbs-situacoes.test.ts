import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { EngineError } from '../../src/engine/errors.js';
import { previewNfe } from '../../src/engine/nfe/preview-nfe.js';
import { xmllint } from '../support/external-tools.js';
import { httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeInput, PORTO_ALEGRE } from '../support/nfe-fixtures.js';
import { TOMA_CNPJ } from '../support/nfse-fixtures.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

// Worked examples of the IBS/CBS situations of the cClassTrib table in modo calcular, each by hand from the rule
// cited beside it. The products are ICMS CST 40 and PIS/COFINS CST 06 (no amounts), so the IBS/CBS base is the
// operation's value (NT 2025.002 UB16); the clock is in 2026 and previews move the taxable event with data_emissao.

let t: TestApp;
let acct: SeededAccount;
let seq = 0;

useTestApp((s) => ({ t, acct } = s));

const principal = (): Principal => ({
  accountId: acct.accountId,
  environment: 'test',
  apiKeyId: 'test',
  companyId: null,
});
const deps = () => ({ ...t.app.engine, clock: { now: () => new Date('2026-11-20T15:00:00Z') } });
const SEM_VALORES = { icms: { cst: '40', c_benef: 'SEM CBENEF' }, pis: { cst: '06' }, cofins: { cst: '06' } };

async function produto(empresaId: string, tributacao: Record<string, unknown>): Promise<string> {
  const sku = `S-${Date.now().toString(36)}-${++seq}`;
  const res = await httpClient(t.url, acct.testKey).post('/v1/produtos', {
    empresa_id: empresaId,
    sku,
    descricao: 'Produto de teste',
    ncm: '84716052',
    unidade: 'UN',
    origem: '0',
    tributacao: { ...SEM_VALORES, ...tributacao },
  });
  expect(res.status, res.text).toBe(201);
  return sku;
}

function corpo(empresaId: string, sku: string, valor: string, extra: Record<string, unknown> = {}) {
  return {
    modo: 'calcular',
    empresa_id: empresaId,
    presenca: 'internet',
    destinatario: {
      documento: TOMA_CNPJ,
      nome: 'Cliente Exemplo Ltda',
      contribuinte: 'contribuinte',
      inscricao_estadual: '9012345678',
      endereco: { logradouro: 'Rua Um', numero: '10', bairro: 'Centro', municipio: PORTO_ALEGRE, cep: '90000000' },
    },
    itens: [{ produto: sku, quantidade: '1', valor_unitario: valor }],
    pagamentos: [{ forma: 'pix' }],
    ...extra,
  };
}

/** The text of each `<tag>` inside the first `<inside>` element. */
function tags(xml: string, inside: string, tag: string): string[] {
  const start = xml.indexOf(`<${inside}>`);
  if (start < 0) return [];
  const part = xml.slice(start, xml.indexOf(`</${inside}>`, start));
  return [...part.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
}
const one = (xml: string, inside: string, tag: string) => tags(xml, inside, tag)[0];

async function previa(body: Record<string, unknown>) {
  const p = await previewNfe(deps(), principal(), { body: nfeInput(body) });
  const lint = xmllint(p.xml, 'nfe/nfe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return p;
}

describe('IBS/CBS situations in modo calcular', () => {
  it('deferral (510001, 40 % in the profile): vDif = vBC × rate × pDif (UB23-10/UB61-10), the value after it (UB35-10/UB67-10)', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, { ibs_cbs: { cst: '510', c_class_trib: '510001', p_dif: '40' } });
    const { xml, ajustes } = await previa(corpo(c.id, sku, '1234.56'));
    // CBS: 1234.56 × 0.9 % = 11.11104; 40 % deferred = 4.444416 → 4.44; 11.11104 − 4.444416 = 6.666624 → 6.67.
    expect([one(xml, 'gCBS', 'pDif'), one(xml, 'gCBS', 'vDif'), one(xml, 'gCBS', 'vCBS')]).toEqual([
      '40.00',
      '4.44',
      '6.67',
    ]);
    // IBS UF: 1.23456; 0.493824 → 0.49; 0.740736 → 0.74. IBS município 0 % in 2026.
    expect([one(xml, 'gIBSUF', 'vDif'), one(xml, 'gIBSUF', 'vIBSUF')]).toEqual(['0.49', '0.74']);
    expect([one(xml, 'gIBSMun', 'vDif'), one(xml, 'gIBSMun', 'vIBSMun')]).toEqual(['0.00', '0.00']);
    // Totals are the sums of the printed items (W38-10, W53-10).
    expect(tags(xml, 'IBSCBSTot', 'vDif')).toEqual(['0.49', '0.00', '4.44']);
    expect(one(xml, 'IBSCBSTot', 'vIBS')).toBe('0.74');
    expect(one(xml, 'total', 'vNFTot')).toBe('1241.97');
    expect(ajustes.find((a) => a.campo === '/itens/0/ibs_cbs/v_cbs')?.motivo).toContain('diferimento de 40 %');
  });

  it('a deferral code without p_dif in the profile is a 422 naming the missing percentage', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, { ibs_cbs: { cst: '510', c_class_trib: '510001' } });
    const err = await previewNfe(deps(), principal(), { body: nfeInput(corpo(c.id, sku, '100')) }).catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).codigo).toBe('nfe_fora_de_cobertura');
    expect((err as EngineError).message).toContain('ibs_cbs.p_dif');
  });

  it('regular taxation (550003, suspension): main rates 0 (UB56-10 exception), gTribRegular at 000001 rates (UB72-10/UB72d-10)', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, { ibs_cbs: { cst: '550', c_class_trib: '550003' } });
    const { xml } = await previa(corpo(c.id, sku, '1234.56'));
    expect([one(xml, 'gIBSUF', 'pIBSUF'), one(xml, 'gCBS', 'pCBS'), one(xml, 'gCBS', 'vCBS')]).toEqual([
      '0.00',
      '0.00',
      '0.00',
    ]);
    // 1234.56 × 0.10 % = 1.23456 → 1.23; × 0 % = 0.00; × 0.90 % = 11.11104 → 11.11.
    expect([
      one(xml, 'gTribRegular', 'CSTReg'),
      one(xml, 'gTribRegular', 'cClassTribReg'),
      one(xml, 'gTribRegular', 'vTribRegIBSUF'),
      one(xml, 'gTribRegular', 'vTribRegIBSMun'),
      one(xml, 'gTribRegular', 'pAliqEfetRegCBS'),
      one(xml, 'gTribRegular', 'vTribRegCBS'),
    ]).toEqual(['000', '000001', '1.23', '0.00', '0.90', '11.11']);
    expect(one(xml, 'total', 'vNFTot')).toBe('1234.56');
  });

  it('monophasic 620001 is a 422 naming the ad rem rates of the year the official data lacks (adRemIBS, adRemCBS)', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, { ibs_cbs: { cst: '620', c_class_trib: '620001' } });
    const err = await previewNfe(deps(), principal(), { body: nfeInput(corpo(c.id, sku, '100')) }).catch((e) => e);
    expect((err as EngineError).codigo).toBe('nfe_fora_de_cobertura');
    expect((err as EngineError).message).toMatch(/adRemIBS.*adRemCBS.*2026.*NCM 84716052/);
    // 620003 asks for the monophasic deferral (gMonoDif), which has no base in the data.
    const dif = await produto(c.id, { ibs_cbs: { cst: '620', c_class_trib: '620003' } });
    const errDif = await previewNfe(deps(), principal(), { body: nfeInput(corpo(c.id, dif, '100')) }).catch((e) => e);
    expect((errDif as EngineError).message).toContain('gMonoDif');
  });

  it('monophasic without rate (620007, base expression 0 in the table): gIBSCBSMono with zero totals and gMono, schema-valid', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, { ibs_cbs: { cst: '620', c_class_trib: '620007' } });
    const { xml } = await previa(corpo(c.id, sku, '100'));
    expect(xml).toContain(
      '<IBSCBS><CST>620</CST><cClassTrib>620007</cClassTrib><gIBSCBSMono><vTotIBSMonoItem>0.00</vTotIBSMonoItem>' +
        '<vTotCBSMonoItem>0.00</vTotCBSMonoItem></gIBSCBSMono></IBSCBS>',
    );
    expect(tags(xml, 'gMono', 'vIBSMono')).toEqual(['0.00']);
    expect(one(xml, 'total', 'vNFTot')).toBe('100.00');
  });

  it('the preview takes the taxable-event year: 2026, 2027 and 2033 rates differ; dhEmi and the key follow the date', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, {});
    const anos: Record<string, string[]> = {};
    for (const data of ['2026-11-20', '2027-03-10', '2033-06-01']) {
      const { xml, chaveAcesso } = await previa(corpo(c.id, sku, '1000', { data_emissao: data }));
      expect(one(xml, 'ide', 'dhEmi')).toBe(`${data}T12:00:00-03:00`);
      expect(chaveAcesso.slice(2, 6)).toBe(`${data.slice(2, 4)}${data.slice(5, 7)}`);
      anos[data.slice(0, 4)] = [
        one(xml, 'gIBSUF', 'pIBSUF')!,
        one(xml, 'gIBSMun', 'pIBSMun')!,
        one(xml, 'gCBS', 'pCBS')!,
        one(xml, 'gIBSUF', 'vIBSUF')!,
        one(xml, 'gIBSMun', 'vIBSMun')!,
        one(xml, 'gCBS', 'vCBS')!,
      ];
    }
    // LC 214/2025 arts. 343-346 (2026), art. 344 (IBS 2027) and the calculator's simulated rates (CBS 2027, 2033).
    expect(anos).toEqual({
      '2026': ['0.10', '0.00', '0.90', '1.00', '0.00', '9.00'],
      '2027': ['0.05', '0.05', '8.40', '0.50', '0.50', '84.00'],
      '2033': ['16.00', '2.50', '8.50', '160.00', '25.00', '85.00'],
    });
  });

  it('Imposto Seletivo in a 2027 preview: vIS = vBCIS × pIS (UB11-10), in the IBS/CBS base; none in 2026', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, { is: { cst: '000', c_class_trib: '000001', aliquota: '10' } });
    const { xml } = await previa(corpo(c.id, sku, '1000', { data_emissao: '2027-03-10' }));
    expect([one(xml, 'IS', 'CSTIS'), one(xml, 'IS', 'vBCIS'), one(xml, 'IS', 'pIS'), one(xml, 'IS', 'vIS')]).toEqual([
      '000',
      '1000.00',
      '10.00',
      '100.00',
    ]);
    // The IBS/CBS base takes the IS (cClassTrib base expression): 1100.00 × 8.4 % = 92.40; × 0.05 % = 0.55 each.
    expect([one(xml, 'gIBSCBS', 'vBC'), one(xml, 'gCBS', 'vCBS'), one(xml, 'gIBSCBS', 'vIBS')]).toEqual([
      '1100.00',
      '92.40',
      '1.10',
    ]);
    expect(one(xml, 'ISTot', 'vIS')).toBe('100.00');
    // vNFTot = vNF 1000.00 + IBS 1.10 + CBS 92.40 + IS 100.00.
    expect(one(xml, 'total', 'vNFTot')).toBe('1193.50');
    expect(/<vItem>([^<]*)<\/vItem>/.exec(xml)?.[1]).toBe('1193.50');
    const em2026 = await previa(corpo(c.id, sku, '1000'));
    expect(em2026.xml).not.toContain('<IS>');
    expect(one(em2026.xml, 'gIBSCBS', 'vBC')).toBe('1000.00');
  });

  it('over REST: data_emissao out of 2026–2033 is a 422 on the preview, and issuance refuses it', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, {});
    const http = httpClient(t.url, acct.testKey);
    const fora = await http.post('/v1/nfe/previa', corpo(c.id, sku, '1000', { data_emissao: '2034-01-01' }));
    expect(fora.status, fora.text).toBe(422);
    expect(fora.body.erros).toEqual([expect.objectContaining({ campo: '/data_emissao' })]);
    const ok = await http.post('/v1/nfe/previa', corpo(c.id, sku, '1000', { data_emissao: '2027-03-10' }));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.xml).toContain('<pCBS>8.40</pCBS>');
    const emissao = await http.post('/v1/nfe', corpo(c.id, sku, '1000', { data_emissao: '2027-03-10' }));
    expect(emissao.status, emissao.text).toBe(422);
    expect(emissao.body.erros).toEqual([
      expect.objectContaining({ codigo: 'campo_nao_permitido', campo: '/data_emissao' }),
    ]);
  });
});
