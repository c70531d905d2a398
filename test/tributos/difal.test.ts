import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { EngineError } from '../../src/engine/errors.js';
import { previewNfe } from '../../src/engine/nfe/preview-nfe.js';
import { xmllint } from '../support/external-tools.js';
import { httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeInput } from '../support/nfe-fixtures.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

// Worked examples of the DIFAL (ICMSUFDest) of modo calcular: an interstate sale of 100.00 to a final consumer who is
// not an ICMS contributor (indIEDest 9, indFinal 1), by a company in Porto Alegre (RS). Each value is computed by hand
// from the rule cited beside it: interstate rates of Resolução do Senado 22/1989 (RS → North, Northeast, Centre-West
// and ES: 7 %), the destination's modal rate of icms-aliquotas-internas.csv, the method of difal-metodo-uf.csv.

let t: TestApp;
let acct: SeededAccount;
let seq = 0;

useTestApp((s) => ({ t, acct } = s));

const EM_2026 = new Date('2026-11-20T15:00:00Z');
const BRASILIA = '5300108';
const SALVADOR = '2927408';
const VITORIA = '3205309';
const RIO = '3304557';

const principal = (): Principal => ({
  accountId: acct.accountId,
  environment: 'test',
  apiKeyId: 'test',
  companyId: null,
});
const engine = () => ({ ...t.app.engine, clock: { now: () => EM_2026 } });
const sandbox = () => httpClient(t.url, acct.testKey);

async function produto(empresaId: string, tributacao: Record<string, unknown>): Promise<string> {
  const sku = `DIFAL-${Date.now().toString(36)}-${++seq}`;
  const res = await sandbox().post('/v1/produtos', {
    empresa_id: empresaId,
    sku,
    descricao: 'Produto de teste',
    unidade: 'UN',
    origem: '0',
    ncm: '84716052',
    tributacao,
  });
  expect(res.status, res.text).toBe(201);
  return sku;
}

async function regra(empresaId: string, uf: string, metodo: string) {
  const res = await sandbox().post(`/v1/companies/${empresaId}/regras-tributarias`, {
    descricao: `DIFAL de ${uf} em ${metodo}`,
    criterios: { uf_destino: uf },
    tributacao: { icms: { metodo_difal: metodo } },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; descricao: string };
}

const consumidorEm = (municipio: string) => ({
  documento: '52998224725',
  nome: 'Maria Consumidora',
  contribuinte: 'nao_contribuinte',
  endereco: { logradouro: 'Rua Dois', numero: '20', bairro: 'Centro', municipio, cep: '70000000' },
});

const corpo = (empresaId: string, sku: string, municipio: string) => ({
  modo: 'calcular',
  empresa_id: empresaId,
  presenca: 'internet',
  destinatario: consumidorEm(municipio),
  itens: [{ produto: sku, quantidade: '1', valor_unitario: '100' }],
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
const UF_DEST = ['vBCUFDest', 'pICMSUFDest', 'pICMSInter', 'pICMSInterPart', 'vICMSUFDest', 'vICMSUFRemet'];

async function calculada(empresaId: string, sku: string, municipio: string) {
  const p = await previewNfe(engine(), principal(), { body: nfeInput(corpo(empresaId, sku, municipio)) });
  const lint = xmllint(p.xml, 'nfe/nfe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return p;
}

async function recusa(empresaId: string, sku: string, municipio: string) {
  const err = await previewNfe(engine(), principal(), { body: nfeInput(corpo(empresaId, sku, municipio)) }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError & { extra: { erros: { campo: string; mensagem: string }[] } };
}

const empresa = (regime = 'lucro_real') => acct.company({ ...NFE_COMPANY, regime_tributario: regime });

describe('DIFAL of modo calcular', () => {
  it('CST 20 RS → DF: the reduced base for both UFs, base única where no list disagrees (DF)', async () => {
    const c = await empresa();
    const sku = await produto(c.id, { icms: { cst: '20', reducao_bc: '50', c_benef: 'RS051901' } });
    const p = await calculada(c.id, sku, BRASILIA);
    // ICMS20: 100.00 × (1 − 50 %) = 50.00 at 7 % = 3.50. LC 87/1996 art. 13 X (one base for origin and destination),
    // difal-metodo-uf.csv DF "reportada base_dupla por 0 de 3 listas": base única, 50.00 × (20 % − 7 %) = 6.50.
    expect(['vBC', 'pICMS', 'vICMS'].map((k) => one(p.xml, 'ICMS20', k))).toEqual(['50.00', '7.00', '3.50']);
    expect(UF_DEST.map((k) => one(p.xml, 'ICMSUFDest', k))).toEqual([
      '50.00',
      '20.00',
      '7.00',
      '100.00',
      '6.50',
      '0.00',
    ]);
    expect(one(p.xml, 'ICMSTot', 'vICMSUFDest')).toBe('6.50');
    const ajuste = p.ajustes.find((a) => a.campo === '/itens/0/icms_uf_dest/v_icms_uf_dest');
    expect(ajuste).toMatchObject({ valor: '6.50', regra: 'icms_df_difal_consumidor_final' });
    expect(ajuste?.fonte).toContain('difal-metodo-uf.csv (DF');
  });

  it('CST 90 with a base reduction RS → ES: its own ICMS and the DIFAL on the same reduced base', async () => {
    const c = await empresa();
    const sku = await produto(c.id, { icms: { cst: '90', reducao_bc: '20', c_benef: 'SEM CBENEF' } });
    const p = await calculada(c.id, sku, VITORIA);
    // ICMS90: 80.00 at 7 % = 5.60; ES 17 % (0 of 3 lists give base dupla): 80.00 × 10 % = 8.00.
    expect(['vBC', 'pICMS', 'vICMS'].map((k) => one(p.xml, 'ICMS90', k))).toEqual(['80.00', '7.00', '5.60']);
    expect([one(p.xml, 'ICMSUFDest', 'vBCUFDest'), one(p.xml, 'ICMSUFDest', 'vICMSUFDest')]).toEqual(['80.00', '8.00']);
  });

  it('RS → BA without a rule: base única by the national law, the adjustment naming the lists that report base dupla', async () => {
    const c = await empresa();
    const sku = await produto(c.id, { icms: { cst: '00' } });
    const p = await calculada(c.id, sku, SALVADOR);
    // LC 87/1996 art. 13 X and § 7º (LC 190/2022), Convênio ICMS 236/2021: one base, 100.00 × (20.5 % − 7 %) = 13.50;
    // difal-metodo-uf.csv BA "reportada base_dupla por 3 de 3 listas de terceiros" does not override the law.
    expect([one(p.xml, 'ICMSUFDest', 'vBCUFDest'), one(p.xml, 'ICMSUFDest', 'vICMSUFDest')]).toEqual([
      '100.00',
      '13.50',
    ]);
    const ajuste = p.ajustes.find((a) => a.campo === '/itens/0/icms_uf_dest/v_icms_uf_dest');
    expect(ajuste?.motivo).toContain('base única: lei nacional');
    expect(ajuste?.motivo).toContain('3 de 3 listas de terceiros dão base dupla para BA');
    expect(ajuste?.motivo).toContain('metodo_difal');
  });

  it('RS → BA with a company rule choosing base dupla: the destination base carries its own ICMS', async () => {
    const c = await empresa();
    const sku = await produto(c.id, { icms: { cst: '00' } });
    const r = await regra(c.id, 'BA', 'base_dupla');
    const p = await calculada(c.id, sku, SALVADOR);
    // ICMS00: 100.00 × 7 % = 7.00. Base dupla (LC 87/1996 art. 13 § 1º I and § 6º): (100.00 − 7.00) ÷ (1 − 20.5 %)
    // = 116.981… → 116.98; DIFAL = 116.98 × 20.5 % − 7.00 = 23.9809 − 7.00 = 16.98.
    expect(one(p.xml, 'ICMS00', 'vICMS')).toBe('7.00');
    expect(UF_DEST.map((k) => one(p.xml, 'ICMSUFDest', k))).toEqual([
      '116.98',
      '20.50',
      '7.00',
      '100.00',
      '16.98',
      '0.00',
    ]);
    const ajuste = p.ajustes.find((a) => a.campo === '/itens/0/icms_uf_dest/v_icms_uf_dest');
    expect(ajuste?.motivo).toContain('base dupla');
    expect(ajuste?.regras_empresa).toEqual([{ id: r.id, descricao: r.descricao }]);
  });

  it('base dupla where the destination charges a general FCP (RJ): 422, the gross-up with the fund is the UF’s', async () => {
    const c = await empresa();
    const sku = await produto(c.id, { icms: { cst: '00', metodo_difal: 'base_dupla' } });
    const err = await recusa(c.id, sku, RIO);
    expect(err.extra.erros[0]!.mensagem).toContain('FCP geral de 2 %');
  });

  it('CST 40 and CST 10 to a non-contributor of another UF: 422 saying why their DIFAL is not computed', async () => {
    const c = await empresa();
    const isento = await produto(c.id, { icms: { cst: '40', c_benef: 'SEM CBENEF' } });
    const semProprio = await recusa(c.id, isento, BRASILIA);
    expect(semProprio.extra.erros[0]).toMatchObject({ campo: '/itens/0/icms_uf_dest' });
    expect(semProprio.extra.erros[0]!.mensagem).toContain('CST 40 não tem ICMS próprio na origem');
    const st = await produto(c.id, { icms: { cst: '10', mva: '40', c_benef: 'SEM CBENEF' } });
    expect((await recusa(c.id, st, BRASILIA)).extra.erros[0]!.mensagem).toContain('CST 10 tem ICMS-ST');
  });

  it('conferir: the DIFAL sent is recomputed by the company rule’s method; the divergence names the rule', async () => {
    const c = await empresa();
    const sku = await produto(c.id, { icms: { cst: '00' } });
    const r = await regra(c.id, 'BA', 'base_dupla');
    const item = {
      codigo: sku,
      descricao: 'Produto de teste',
      ncm: '84716052',
      cfop: '6108',
      origem: '0',
      unidade: 'UN',
      quantidade: '1',
      valor_unitario: '100',
      icms: { cst: '00', mod_bc: '3', v_bc: '100.00', p_icms: '7.00', v_icms: '7.00' },
      pis: { cst: '01', v_bc: '93.00', p_pis: '1.65', v_pis: '1.53' },
      cofins: { cst: '01', v_bc: '93.00', p_cofins: '7.60', v_cofins: '7.07' },
      // Base única, 100.00 × (20.5 % − 7 %) = 13.50: consistent arithmetic, so only the recalculation can object.
      icms_uf_dest: {
        v_bc_uf_dest: '100.00',
        p_icms_uf_dest: '20.50',
        p_icms_inter: '7.00',
        p_icms_inter_part: '100',
        v_icms_uf_dest: '13.50',
        v_icms_uf_remet: '0.00',
      },
    };
    const body = { ...corpo(c.id, sku, SALVADOR), modo: 'conferir', natureza_operacao: 'Venda', itens: [item] };
    const p = await previewNfe(engine(), principal(), { body: nfeInput(body) });
    expect(p.ajustes.find((a) => a.campo === '/itens/0/icms_uf_dest/v_icms_uf_dest')).toMatchObject({
      regra: 'nfe_conferencia_divergencia',
      valor: '16.98',
      enviado: '13.50',
      regras_empresa: [{ id: r.id, descricao: r.descricao }],
    });
  });

  it('Simples Nacional RS → RJ: no ICMSUFDest, and an adjustment says which law leaves it out', async () => {
    const c = await empresa('simples_nacional');
    const sku = await produto(c.id, { icms: { csosn: '102' } });
    const p = await calculada(c.id, sku, RIO);
    expect(p.xml).not.toContain('<ICMSUFDest>');
    expect(one(p.xml, 'ICMSSN102', 'CSOSN')).toBe('102');
    const ajuste = p.ajustes.find((a) => a.campo === '/itens/0/icms_uf_dest');
    expect(ajuste).toMatchObject({ regra: 'icms_simples_nacional_sem_difal', valor: '0.00' });
    expect(ajuste?.fonte).toContain('LC 123/2006, art. 13');
  });
});
