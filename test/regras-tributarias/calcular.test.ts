import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { previewNfe } from '../../src/engine/nfe/preview-nfe.js';
import type { GraphQLObjectType } from 'graphql';
import { snakeName } from '../../src/engine/nucleo/validation-issues-of.js';
import { schema } from '../../src/graph/schema/index.js';
import { snakeKeys } from '../../src/graph/snake-keys.js';
import { graphql } from '../support/graphql.js';
import { httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeInput, PORTO_ALEGRE } from '../support/nfe-fixtures.js';
import { TOMA_CNPJ } from '../support/nfse-fixtures.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

// A lucro real company in Porto Alegre sells 100.00 of NCM 8471.60.52 inside RS to a contributor, on 2026-11-20.
// Without rules (test/tributos/calcular.test.ts): IPI 9.75 (TIPI 9.75 %), ICMS 17.00, PIS 1.37 and COFINS 6.31 on
// 83.00, IBS-UF 0.08 and CBS 0.68 on 75.32. The company's rules below change the product's PIS/COFINS and IPI CSTs.

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
const sandbox = () => httpClient(t.url, acct.testKey);

async function setup(tributacao: Record<string, unknown> | null = { icms: { cst: '00' }, ipi: { cst: '50' } }) {
  const company = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
  const sku = `R-${Date.now().toString(36)}-${++seq}`;
  const res = await sandbox().post('/v1/produtos', {
    empresa_id: company.id,
    sku,
    descricao: 'Teclado USB',
    ncm: '84716052',
    unidade: 'UN',
    origem: '0',
    tributacao,
  });
  expect(res.status, res.text).toBe(201);
  const regra = async (body: Record<string, unknown>) => {
    const r = await sandbox().post(`/v1/companies/${company.id}/regras-tributarias`, body);
    expect(r.status, r.text).toBe(201);
    return r.body as { id: string; descricao: string; atualizado_em: string };
  };
  return { companyId: company.id, sku, regra };
}

const destinatario = {
  documento: TOMA_CNPJ,
  nome: 'Cliente Exemplo Ltda',
  contribuinte: 'contribuinte',
  inscricao_estadual: '9012345678',
  endereco: { logradouro: 'Rua Um', numero: '10', bairro: 'Centro', municipio: PORTO_ALEGRE, cep: '90000000' },
};
const calcular = (empresaId: string, sku: string) => ({
  modo: 'calcular',
  empresa_id: empresaId,
  presenca: 'internet',
  destinatario,
  itens: [{ produto: sku, quantidade: '1', valor_unitario: '100' }],
  pagamentos: [{ forma: 'pix' }],
});
const tag = (xml: string, inside: string, name: string) => {
  const start = xml.indexOf(`<${inside}`);
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml.slice(start))?.[1];
};

describe('company tax rules in modo calcular', () => {
  it('the most specific applicable rule sets the CSTs, the values follow, and each adjustment names its rule', async () => {
    const { companyId, sku, regra } = await setup();
    const pisCofins = await regra({
      descricao: 'Informática: PIS/COFINS alíquota zero',
      criterios: { ncm_prefixo: '8471', operacao: 'venda' },
      tributacao: { pis: { cst: '06' }, cofins: { cst: '06' } },
    });
    const ipi = await regra({
      descricao: 'Teclado: IPI não tributado',
      criterios: { produto: sku },
      tributacao: { ipi: { cst: '53' }, cofins: { cst: '07' } },
    });
    // Not applicable: another destination; and an inactive rule.
    await regra({ descricao: 'Bahia', criterios: { uf_destino: 'BA' }, tributacao: { pis: { cst: '04' } } });
    await regra({
      descricao: 'Inativa',
      criterios: { ncm_prefixo: '84716052' },
      tributacao: { pis: { cst: '09' } },
      ativa: false,
    });

    const p = await previewNfe(deps(), principal(), { body: nfeInput(calcular(companyId, sku)) });
    expect(tag(p.xml, 'PIS', 'CST')).toBe('06');
    // The product rule is more specific than the NCM rule: its COFINS CST wins.
    expect(tag(p.xml, 'COFINS', 'CST')).toBe('07');
    expect(tag(p.xml, 'IPI', 'CST')).toBe('53');
    expect(p.xml).toContain('<IPINT><CST>53</CST></IPINT>');
    expect(tag(p.xml, 'ICMSTot', 'vIPI')).toBe('0.00');
    expect(tag(p.xml, 'ICMS00', 'vICMS')).toBe('17.00');
    // NT 2025.002 UB16: base 100.00 − PIS 0 − COFINS 0 − ICMS 17.00 = 83.00; IBS-UF 0.1 % = 0.083 → 0.08, CBS 0.9 % = 0.747 → 0.75.
    expect([tag(p.xml, 'gIBSCBS', 'vBC'), tag(p.xml, 'gIBSUF', 'vIBSUF'), tag(p.xml, 'gCBS', 'vCBS')]).toEqual([
      '83.00',
      '0.08',
      '0.75',
    ]);
    expect(p.valorTotal).toBe('100.00');

    const nomeia = (r: { id: string; descricao: string }) => ({ id: r.id, descricao: r.descricao });
    const por = (campo: string) => p.ajustes.filter((a) => a.campo === campo);
    expect(por('/itens/0/pis/cst')).toEqual([
      expect.objectContaining({
        acao: 'preenchido',
        regra: 'regra_empresa',
        valor: '06',
        versao: pisCofins.atualizado_em,
        fonte: expect.stringContaining(pisCofins.id),
        regras_empresa: [nomeia(pisCofins)],
      }),
    ]);
    expect(por('/itens/0/cofins/cst')).toEqual([
      expect.objectContaining({ valor: '07', regras_empresa: [nomeia(ipi)] }),
    ]);
    expect(por('/itens/0/ipi/cst')).toEqual([expect.objectContaining({ valor: '53', regras_empresa: [nomeia(ipi)] })]);
    // A value computed from the tables names the table and the rules whose members entered its base.
    const cbs = por('/itens/0/ibs_cbs/v_cbs')[0]!;
    expect(cbs).toMatchObject({ regra: 'ibs_cbs_calculadora_oficial', valor: '0.75', fonte: expect.any(String) });
    expect(cbs.regras_empresa).toEqual(expect.arrayContaining([nomeia(pisCofins), nomeia(ipi)]));
    // The CFOP comes from the table alone: no rule supplied a member it reads.
    expect(por('/itens/0/cfop')[0]).not.toHaveProperty('regras_empresa');
    expect(p.ajustes.filter((a) => a.regra === 'regra_empresa')).toHaveLength(3);
  });

  it('over REST the adjustments carry regras_empresa, null where no rule supplied an input', async () => {
    const { companyId, sku, regra } = await setup();
    const r = await regra({
      descricao: 'PIS do teclado',
      criterios: { produto: sku },
      tributacao: { pis: { cst: '06' } },
    });
    const res = await sandbox().post('/v1/nfe/previa', calcular(companyId, sku));
    expect(res.status, res.text).toBe(200);
    const ajustes = res.body.ajustes as Array<Record<string, unknown>>;
    expect(ajustes.find((a) => a.campo === '/itens/0/pis/cst')).toMatchObject({
      regra: 'regra_empresa',
      regras_empresa: [{ id: r.id, descricao: r.descricao }],
    });
    expect(ajustes.find((a) => a.campo === '/itens/0/ipi/v_ipi')).toMatchObject({ regras_empresa: null });
  });

  it("a calculated note's adjustments over REST are GraphQL's, snake_cased member for member, and its event's", async () => {
    const { companyId, sku, regra } = await setup();
    const r = await regra({
      descricao: 'PIS do teclado',
      criterios: { produto: sku },
      tributacao: { pis: { cst: '06' } },
    });
    const posted = await sandbox().post('/v1/nfe', calcular(companyId, sku));
    expect(posted.status, posted.text).toBe(201);
    const id = posted.body.id as string;
    const got = await sandbox().get(`/v1/nfe/${id}`);
    const query =
      'query($id: String!) { nfe(id: $id) { ... on Nfe { ajustes { campo acao motivo regra versao fonte valor enviado regrasEmpresa { id descricao } } } } }';
    const data = await graphql(t.url, acct.testKey, query, { id });
    const esperado = JSON.stringify(snakeKeys(data.nfe.ajustes));
    // The REST answer's text, not only its values: the members in the same order, the absent ones null.
    expect(JSON.stringify(posted.body.ajustes)).toBe(esperado);
    expect(JSON.stringify(got.body.ajustes)).toBe(esperado);
    const ajustes = got.body.ajustes as Array<Record<string, unknown>>;
    expect(ajustes.find((a) => a.campo === '/itens/0/pis/cst')).toMatchObject({
      regras_empresa: [{ id: r.id, descricao: r.descricao }],
    });
    // Every member of the public NfeAdjustment type is in the REST shape.
    const membros = Object.keys((schema.getType('NfeAdjustment') as GraphQLObjectType).getFields()).map(snakeName);
    for (const a of ajustes) expect(Object.keys(a).sort()).toEqual(membros.sort());
    // The event's record carries the adjustments as stored: the same, without the absent members.
    const eventos = await sandbox().get('/v1/eventos?limite=100');
    const autorizada = (eventos.body.eventos as Array<{ tipo: string; dados: Record<string, unknown> }>).find(
      (e) => e.tipo === 'NFE_AUTORIZADA' && e.dados.id === id,
    );
    const semNulos = ajustes.map((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null)));
    expect(autorizada?.dados.ajustes).toEqual(semNulos);
  });

  it('the adjustments of calculated notes (ST, DIFAL, ICMS and IBS/CBS deferral) are Latin-1 text, stored and answered', async () => {
    // The texts the engine writes use ASCII '-' for minus: one character beyond Latin-1 in ~200 adjustments makes
    // V8 hold the whole JSON of the stored and the answered adjustments as two-byte strings, twice as costly.
    const company = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const produto = async (sku: string, extra: Record<string, unknown>) => {
      const res = await sandbox().post('/v1/produtos', {
        empresa_id: company.id,
        sku: `${sku}-${++seq}`,
        descricao: `Produto ${sku}`,
        unidade: 'UN',
        origem: '0',
        ...extra,
      });
      expect(res.status, res.text).toBe(201);
      return res.body.sku as string;
    };
    const diferimentoIbsCbs = { cst: '510', c_class_trib: '510001', p_dif: '40' };
    const pneu = await produto('ST-PNEU', { ncm: '40111000', cest: '1600100', tributacao: { icms: { cst: '10' } } });
    const st70 = await produto('ST-70', {
      ncm: '84716052',
      tributacao: { icms: { cst: '70', reducao_bc: '50', mva: '40', c_benef: 'RS051901' } },
    });
    const difIbsCbs = await produto('DIF', {
      ncm: '84716052',
      tributacao: { icms: { cst: '00' }, ipi: { cst: '50' }, ibs_cbs: diferimentoIbsCbs },
    });
    const importado = await produto('IMP', { ncm: '84716052', origem: '1', tributacao: { icms: { cst: '00' } } });
    const diferido = await produto('ICMS51', {
      ncm: '84716052',
      tributacao: { icms: { cst: '51', diferimento: '33.33', c_benef: 'RS052901' } },
    });
    const endereco = (municipio: string, cep: string) => ({
      logradouro: 'Rua Um',
      numero: '10',
      bairro: 'Centro',
      municipio,
      cep,
    });
    const consumidor = { documento: '52998224725', nome: 'Maria Consumidora', contribuinte: 'nao_contribuinte' };
    const notas = [
      { destinatario: { ...destinatario, endereco: endereco('2927408', '40000000') }, skus: [pneu, st70, difIbsCbs] },
      {
        destinatario: { ...consumidor, endereco: endereco('3304557', '20000000') },
        skus: [importado, difIbsCbs],
      },
      { destinatario, skus: [diferido, difIbsCbs] },
    ];
    for (const nota of notas) {
      const posted = await sandbox().post('/v1/nfe', {
        ...calcular(company.id, nota.skus[0]!),
        destinatario: nota.destinatario,
        itens: nota.skus.map((produto, i) => ({ produto, quantidade: String(i + 1), valor_unitario: '123.45' })),
      });
      expect(posted.status, posted.text).toBe(201);
      const got = await sandbox().get(`/v1/nfe/${posted.body.id as string}`);
      const [sql] = await t.app.engine.sql<{ a: string }>(
        'latin1_ajustes',
        'SELECT ajustes::text AS a FROM nfe WHERE id = $1::uuid',
        [posted.body.id],
      );
      for (const texto of [JSON.stringify(posted.body.ajustes), JSON.stringify(got.body.ajustes), sql!.a]) {
        expect(texto.length).toBeGreaterThan(1000);
        expect(texto.match(/[^\u0000-\u00ff]/gu)).toBeNull();
      }
    }
  });

  it('a product without its own profile is computed from the rules alone', async () => {
    const { companyId, sku, regra } = await setup(null);
    const semPerfil = await previewNfe(deps(), principal(), { body: nfeInput(calcular(companyId, sku)) }).catch(
      (e: unknown) => e as { codigo: string },
    );
    expect(semPerfil).toMatchObject({ codigo: 'validacao' });
    await regra({
      descricao: 'Perfil da informática',
      criterios: { ncm_prefixo: '84' },
      tributacao: { icms: { cst: '00' } },
    });
    const p = await previewNfe(deps(), principal(), { body: nfeInput(calcular(companyId, sku)) });
    expect(tag(p.xml, 'ICMS00', 'vICMS')).toBe('17.00');
    expect(tag(p.xml, 'PIS', 'vPIS')).toBe('1.37');
  });
});

describe('company tax rules in modo conferir', () => {
  it('the recalculation uses the rule, and the divergence names it', async () => {
    const { companyId, sku, regra } = await setup({ icms: { cst: '00' } });
    const r = await regra({
      descricao: 'PIS/COFINS alíquota zero',
      criterios: { ncm_prefixo: '847160' },
      tributacao: { pis: { cst: '06' }, cofins: { cst: '06' } },
    });
    const item = {
      codigo: sku,
      descricao: 'Teclado USB',
      ncm: '84716052',
      cfop: '5102',
      origem: '0',
      unidade: 'UN',
      quantidade: '1',
      valor_unitario: '100',
      icms: { cst: '00', mod_bc: '3', v_bc: '100.00', p_icms: '17.00', v_icms: '17.00' },
      pis: { cst: '01', v_bc: '83.00', p_pis: '1.65', v_pis: '1.37' },
      cofins: { cst: '01', v_bc: '83.00', p_cofins: '7.60', v_cofins: '6.31' },
    };
    const p = await previewNfe(deps(), principal(), {
      body: nfeInput({
        modo: 'conferir',
        empresa_id: companyId,
        natureza_operacao: 'Venda de mercadoria',
        presenca: 'internet',
        destinatario,
        itens: [item],
        pagamentos: [{ forma: 'pix' }],
      }),
    });
    const pis = p.ajustes.find((a) => a.campo === '/itens/0/pis/cst');
    expect(pis).toMatchObject({
      acao: 'divergente',
      valor: '06',
      enviado: '01',
      regras_empresa: [{ id: r.id, descricao: r.descricao }],
    });
    const icms = p.ajustes.filter((a) => a.campo.startsWith('/itens/0/icms/'));
    expect(icms).toEqual([]);
  });
});
