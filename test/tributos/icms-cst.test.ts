import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { EngineError } from '../../src/engine/errors.js';
import { previewNfe } from '../../src/engine/nfe/preview-nfe.js';
import { xmllint } from '../support/external-tools.js';
import { httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeBody, nfeInput, PORTO_ALEGRE, validateNfeRequest } from '../support/nfe-fixtures.js';
import { TOMA_CNPJ } from '../support/nfse-fixtures.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

// Worked examples of the ICMS CSTs beyond 00/10 in modo calcular, each computed by hand from the rule cited beside
// it. The company is in Porto Alegre (RS, 17 %); rates and margins come from the data directory's tables.

let t: TestApp;
let acct: SeededAccount;
let seq = 0;

useTestApp((s) => ({ t, acct } = s));

const EM_2026 = new Date('2026-11-20T15:00:00Z');
const BRASILIA = '5300108';
const PALMAS = '1721000';
const BELEM = '1501402';

const principal = (): Principal => ({
  accountId: acct.accountId,
  environment: 'test',
  apiKeyId: 'test',
  companyId: null,
});
const deps = {
  get engine() {
    return { ...t.app.engine, clock: { now: () => EM_2026 } };
  },
};

async function produto(empresaId: string, extra: Record<string, unknown>): Promise<string> {
  const sku = `ICMS-${Date.now().toString(36)}-${++seq}`;
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

const contribuinteEm = (municipio: string, cep: string) => ({
  documento: TOMA_CNPJ,
  nome: 'Cliente Exemplo Ltda',
  contribuinte: 'contribuinte',
  inscricao_estadual: '9012345678',
  endereco: { logradouro: 'Rua Um', numero: '10', bairro: 'Centro', municipio, cep },
});

const corpo = (empresaId: string, itens: unknown[], destinatario = contribuinteEm(PORTO_ALEGRE, '90020007')) => ({
  modo: 'calcular',
  empresa_id: empresaId,
  presenca: 'internet',
  destinatario,
  itens,
  pagamentos: [{ forma: 'pix' }],
});

/** The texts of `<tag>` inside the first `<inside>`. */
function tags(xml: string, inside: string, tag: string): string[] {
  const start = xml.indexOf(`<${inside}>`);
  expect(start, `<${inside}> no XML`).toBeGreaterThan(-1);
  const part = xml.slice(start, xml.indexOf(`</${inside}>`, start));
  return [...part.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
}
const one = (xml: string, inside: string, tag: string) => tags(xml, inside, tag)[0];

async function calculada(empresaId: string, itens: unknown[], destinatario?: ReturnType<typeof contribuinteEm>) {
  const p = await previewNfe(deps.engine, principal(), { body: nfeInput(corpo(empresaId, itens, destinatario)) });
  const lint = xmllint(p.xml, 'nfe/nfe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return p;
}

async function recusa(empresaId: string, itens: unknown[], destinatario?: ReturnType<typeof contribuinteEm>) {
  const err = await previewNfe(deps.engine, principal(), {
    body: nfeInput(corpo(empresaId, itens, destinatario)),
  }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError & { extra: { erros: Record<string, string>[] } };
}

const item = (produto: string, extra: Record<string, unknown> = {}) => ({
  produto,
  quantidade: '1',
  valor_unitario: '100',
  ...extra,
});

describe('ICMS CSTs of modo calcular', () => {
  it('CST 20: the base less pRedBC at the RS rate, with the cBenef RS checks (ICMS20, cBenef in prod)', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, {
      ncm: '84716052',
      tributacao: { icms: { cst: '20', reducao_bc: '50', c_benef: 'RS051901' } },
    });
    const p = await calculada(c.id, [item(sku)]);
    // MOC 4.00 grupo N (ICMS20): vBC = 100.00 × (1 − 50 %) = 50.00; RICMS/RS 17 %: 8.50.
    expect(['modBC', 'pRedBC', 'vBC', 'pICMS', 'vICMS'].map((k) => one(p.xml, 'ICMS20', k))).toEqual([
      '3',
      '50.00',
      '50.00',
      '17.00',
      '8.50',
    ]);
    expect(one(p.xml, 'prod', 'cBenef')).toBe('RS051901');
    const guardado = await httpClient(t.url, acct.testKey).get(`/v1/produtos/${sku}?empresa_id=${c.id}`);
    expect(guardado.body.tributacao.icms).toEqual({ cst: '20', reducao_bc: '50', c_benef: 'RS051901' });
    expect(p.ajustes.find((a) => a.campo === '/itens/0/icms/v_icms')).toMatchObject({
      valor: '8.50',
      motivo: expect.stringContaining('50 % de redução'),
    });
  });

  it('CST 51: the operation ICMS, the deferred share and what remains due, every ICMS51 member written', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, {
      ncm: '84716052',
      tributacao: { icms: { cst: '51', diferimento: '33.33', c_benef: 'RS052901' } },
    });
    const p = await calculada(c.id, [item(sku)]);
    // MOC 4.00 grupo N (ICMS51): vICMSOp = 100.00 × 17 % = 17.00; vICMSDif = 17.00 × 33.33 % = 5.6661 → 5.67;
    // vICMS = 17.00 − 5.67 = 11.33. pRedBC written as zero: rule N12-97 rejects (929) a deferral without it.
    expect(
      ['modBC', 'pRedBC', 'vBC', 'pICMS', 'vICMSOp', 'pDif', 'vICMSDif', 'vICMS'].map((k) => one(p.xml, 'ICMS51', k)),
    ).toEqual(['3', '0.00', '100.00', '17.00', '17.00', '33.33', '5.67', '11.33']);
    expect(one(p.xml, 'ICMSTot', 'vICMS')).toBe('11.33');
    expect(p.ajustes.map((a) => a.campo)).toEqual(
      expect.arrayContaining(['/itens/0/icms/v_icms_op', '/itens/0/icms/v_icms']),
    );
  });

  it('CST 10 RS → DF, auto part: the MVA adjusted by the formula where the UF publishes none', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, { ncm: '38151210', cest: '0100100', tributacao: { icms: { cst: '10' } } });
    const p = await calculada(c.id, [item(sku)], contribuinteEm(BRASILIA, '70000000'));
    // Resolução do Senado 22/1989: RS → DF 7 %. Protocolo ICMS 41/2008 MVA original 71.78 %, adjusted by Convênio
    // ICMS 142/2018 cl. 13ª § 1º to DF's 20 %: 1.7178 × 0.93 / 0.80 − 1 = 99.69425 % → 99.69 %.
    // vBCST = 100.00 × 1.9969 = 199.69; vICMSST = 199.69 × 20 % − 7.00 = 32.938 → 32.94.
    expect(['pICMS', 'vICMS', 'pMVAST', 'vBCST', 'pICMSST', 'vICMSST'].map((k) => one(p.xml, 'ICMS10', k))).toEqual([
      '7.00',
      '7.00',
      '99.69',
      '199.69',
      '20.00',
      '32.94',
    ]);
    expect(p.ajustes.find((a) => a.campo === '/itens/0/icms/v_icms_st')).toMatchObject({
      regra: 'icms_st_df_mva_ajustada',
      fonte: expect.stringContaining('Convênio ICMS 142/2018, cláusula décima terceira'),
    });
  });

  it('beverages into TO: the sender-type margin of Protocolo ICMS 11/91 unadjusted, spirits at 27 % with the FECOEP 2 %', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const refrigerante = await produto(c.id, { ncm: '22021000', cest: '0300700', tributacao: { icms: { cst: '10' } } });
    const cachaca = await produto(c.id, { ncm: '22084000', cest: '0200400', tributacao: { icms: { cst: '10' } } });
    const p = await calculada(c.id, [item(refrigerante), item(cachaca)], contribuinteEm(PALMAS, '77000000'));
    const dets = p.xml.split('<det ').slice(1);
    // RICMS-TO Anexo XXI item 8.x: a distributor (no IPI) sells at 70 %, not adjusted; RS → TO 7 %.
    // vBCST = 170.00; 170.00 × 20 % − 7.00 = 27.00.
    expect(['pMVAST', 'vBCST', 'pICMSST', 'vICMSST'].map((k) => one(dets[0]!, 'ICMS10', k))).toEqual([
      '70.00',
      '170.00',
      '20.00',
      '27.00',
    ]);
    // Anexo XXI seção 2 (spirits): 29.04 % adjusted by TO for 7 % to 64.39 %; 27 % internal rate and FECOEP 2 %.
    // vBCST = 164.39; 164.39 × 27 % − 7.00 = 37.3853 → 37.39; vFCPST = 164.39 × 2 % = 3.2878 → 3.29.
    expect(
      ['pMVAST', 'vBCST', 'pICMSST', 'vICMSST', 'vBCFCPST', 'pFCPST', 'vFCPST'].map((k) => one(dets[1]!, 'ICMS10', k)),
    ).toEqual(['64.39', '164.39', '27.00', '37.39', '164.39', '2.00', '3.29']);
    expect(one(p.xml, 'ICMSTot', 'vST')).toBe('64.39');
    expect(one(p.xml, 'ICMSTot', 'vFCPST')).toBe('3.29');
  });

  it('CST 70 and 30: reduced own ICMS with ST, exempt with ST deducting nothing; the profile MVA needs no table', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const reduzido = await produto(c.id, {
      ncm: '84716052',
      tributacao: { icms: { cst: '70', reducao_bc: '50', mva: '40', c_benef: 'RS051901' } },
    });
    const isento = await produto(c.id, {
      ncm: '84716052',
      tributacao: { icms: { cst: '30', mva: '40', c_benef: 'RS051901' } },
    });
    const p = await calculada(c.id, [item(reduzido), item(isento)]);
    const dets = p.xml.split('<det ').slice(1);
    // Own: 50.00 × 17 % = 8.50; ST (Conv. 142/2018 cl. 13ª/14ª): 100 × 1.40 = 140.00 × 17 % = 23.80 − 8.50 = 15.30.
    expect(['vBC', 'vICMS', 'pMVAST', 'vBCST', 'vICMSST'].map((k) => one(dets[0]!, 'ICMS70', k))).toEqual([
      '50.00',
      '8.50',
      '40.00',
      '140.00',
      '15.30',
    ]);
    // Exempt: no own ICMS to deduct (cl. 14ª, I): 140.00 × 17 % = 23.80.
    expect(['vBCST', 'vICMSST'].map((k) => one(dets[1]!, 'ICMS30', k))).toEqual(['140.00', '23.80']);
    expect(one(dets[1]!, 'prod', 'CFOP')).toBe('5403');
  });

  it('CST 90 and CSOSN 900 carry what the profile gives', async () => {
    const normal = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const outros = await produto(normal.id, {
      ncm: '84716052',
      tributacao: { icms: { cst: '90', aliquota: '12', reducao_bc: '10', c_benef: 'RS052902' } },
    });
    const p = await calculada(normal.id, [item(outros)]);
    // 100 × (1 − 10 %) = 90.00 × 12 % = 10.80.
    expect(['vBC', 'pRedBC', 'pICMS', 'vICMS'].map((k) => one(p.xml, 'ICMS90', k))).toEqual([
      '90.00',
      '10.00',
      '12.00',
      '10.80',
    ]);
    const simples = await acct.company({ ...NFE_COMPANY, regime_tributario: 'simples_nacional' });
    const sn = await produto(simples.id, { ncm: '84716052', tributacao: { icms: { csosn: '900', aliquota: '17' } } });
    const s = await calculada(simples.id, [item(sn)]);
    expect(['modBC', 'vBC', 'pICMS', 'vICMS'].map((k) => one(s.xml, 'ICMSSN900', k))).toEqual([
      '3',
      '100.00',
      '17.00',
      '17.00',
    ]);
  });

  it('a missing margin, a missing cBenef and a discount above the item: one 422 each, naming the cause', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const pneu = await produto(c.id, { ncm: '40111000', cest: '1600100', tributacao: { icms: { cst: '10' } } });
    const semMargem = await recusa(c.id, [item(pneu)], contribuinteEm(BELEM, '66000000'));
    expect(semMargem).toMatchObject({ codigo: 'nfe_fora_de_cobertura', campo: '/itens/0/icms' });
    expect(semMargem.message).toContain('Sem MVA de ICMS-ST do CEST 16.001.00 (NCM 40111000) para PA');
    expect(semMargem.message).toContain('regra tributária da empresa com a margem (mva)');

    const semCbenef = await produto(c.id, { ncm: '84716052', tributacao: { icms: { cst: '20', reducao_bc: '50' } } });
    const cbenef = await recusa(c.id, [item(semCbenef)]);
    expect(cbenef.codigo).toBe('validacao');
    expect(cbenef.extra.erros).toEqual([
      expect.objectContaining({
        codigo: 'c_benef_obrigatorio',
        campo: '/itens/0/produto',
        codigo_oficial: '930',
        mensagem: expect.stringContaining('N12-85'),
      }),
    ]);

    const cheia = await produto(c.id, {
      ncm: '84716052',
      tributacao: { icms: { cst: '00', aliquota: '100', fcp: '2' } },
    });
    const aliquota = await recusa(c.id, [item(cheia)]);
    // 100 % + 2 % of FCP would leave the IBS/CBS base negative: refused on the profile, not on a computed value.
    expect(aliquota.extra.erros).toEqual([
      expect.objectContaining({ campo: '/itens/0/produto', mensagem: expect.stringContaining('passa de 100 %') }),
    ]);

    const comum = await produto(c.id, { ncm: '84716052', tributacao: { icms: { cst: '00' } } });
    const desconto = await recusa(c.id, [item(comum, { desconto: '150.00' })]);
    expect(desconto.extra.erros).toEqual([
      expect.objectContaining({ campo: '/itens/0/desconto', mensagem: expect.stringContaining('maior que o valor') }),
    ]);
  });

  it('POST /v1/nfe calcular with a deferral is authorised and its XML carries ICMS51', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const sku = await produto(c.id, {
      ncm: '84716052',
      tributacao: { icms: { cst: '51', diferimento: '100', c_benef: 'RS052901' } },
    });
    const res = await httpClient(t.url, acct.testKey).post('/v1/nfe', corpo(c.id, [item(sku)]));
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe('autorizada');
    const xml = (await httpClient(t.url, acct.testKey).get(`/v1/nfe/${res.body.id}/xml`)).text;
    expect(['vICMSOp', 'pDif', 'vICMSDif', 'vICMS'].map((k) => one(xml, 'ICMS51', k))).toEqual([
      '17.00',
      '100.00',
      '17.00',
      '0.00',
    ]);
    expect(one(xml, 'prod', 'cBenef')).toBe('RS052901');
  });

  it('informado: the item without the cBenef its CST needs is refused before sending with the SEFAZ code', () => {
    const body = nfeBody();
    body.itens = [
      {
        ...body.itens[0],
        icms: { cst: '20', mod_bc: '3', p_red_bc: '50', v_bc: '50.00', p_icms: '17', v_icms: '8.50' },
      },
    ];
    const ctx = { simples: false, chaveRestritaEmpresa: true, environment: 'test' as const, dia: '2026-11-20' };
    const erros = validateNfeRequest(body, { ...ctx, uf: 'RS' }).erros;
    expect(erros).toEqual([
      expect.objectContaining({ codigo: 'c_benef_obrigatorio', campo: '/itens/0/c_benef', codigo_oficial: '930' }),
    ]);
    body.itens[0].c_benef = 'RS051901';
    expect(validateNfeRequest(body, { ...ctx, uf: 'RS' }).erros).toEqual([]);
  });
});
