import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { EngineError } from '../../src/engine/errors.js';
import { previewNfe } from '../../src/engine/nfe/preview-nfe.js';
import { httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeInput, PORTO_ALEGRE } from '../support/nfe-fixtures.js';
import { TOMA_CNPJ } from '../support/nfse-fixtures.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

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

/**
 * A sale inside RS by a lucro real company of 100.00 of a product whose profile is ICMS CST 00: the recalculation
 * is ICMS 17 % = 17.00 (RICMS/RS Livro I art. 27), PIS 1.65 % and COFINS 7.6 % of 83.00 (1.37, 6.31; STF RE 574.706),
 * IBS/CBS of 2026 on 75.32 (0.08, 0.00, 0.68; LC 214/2025 arts. 343-346).
 */
function item(
  sku: string,
  icms: Record<string, string> = { cst: '00', mod_bc: '3', v_bc: '100.00', p_icms: '17.00', v_icms: '17.00' },
) {
  return {
    codigo: sku,
    descricao: 'Teclado USB',
    ncm: '84716052',
    cfop: '5102',
    origem: '0',
    unidade: 'UN',
    quantidade: '1',
    valor_unitario: '100',
    icms,
    pis: { cst: '01', v_bc: '83.00', p_pis: '1.65', v_pis: '1.37' },
    cofins: { cst: '01', v_bc: '83.00', p_cofins: '7.60', v_cofins: '6.31' },
    ibs_cbs: {
      cst: '000',
      c_class_trib: '000001',
      v_bc: '75.32',
      p_ibs_uf: '0.10',
      v_ibs_uf: '0.08',
      p_ibs_mun: '0',
      v_ibs_mun: '0.00',
      p_cbs: '0.90',
      v_cbs: '0.68',
    },
  };
}

async function setup() {
  const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
  const sku = `C-${Date.now().toString(36)}-${++seq}`;
  const res = await httpClient(t.url, acct.testKey).post('/v1/produtos', {
    empresa_id: c.id,
    sku,
    descricao: 'Teclado USB',
    ncm: '84716052',
    unidade: 'UN',
    origem: '0',
    tributacao: { icms: { cst: '00' } },
  });
  expect(res.status, res.text).toBe(201);
  const body = (itens: unknown[], extra: Record<string, unknown> = {}) => ({
    modo: 'conferir',
    empresa_id: c.id,
    natureza_operacao: 'Venda de mercadoria',
    presenca: 'internet',
    destinatario: {
      documento: TOMA_CNPJ,
      nome: 'Cliente Exemplo Ltda',
      contribuinte: 'contribuinte',
      inscricao_estadual: '9012345678',
      endereco: { logradouro: 'Rua Um', numero: '10', bairro: 'Centro', municipio: PORTO_ALEGRE, cep: '90000000' },
    },
    itens,
    pagamentos: [{ forma: 'pix' }],
    ...extra,
  });
  return { sku, body };
}

describe('modo conferir', () => {
  it('values within 0.01 of base × rate pass without adjustments of divergence; beyond it the SEFAZ rule refuses them', async () => {
    const { sku, body } = await setup();
    const dentro = item(sku);
    dentro.ibs_cbs.v_cbs = '0.67';
    const p = await previewNfe(deps(), principal(), { body: nfeInput(body([dentro])) });
    expect(p.ajustes.filter((a) => a.regra.startsWith('nfe_conferencia'))).toEqual([]);
    // 0.02 off v_bc × p_cbs is what the SEFAZ rejects (1069): refused before any comparison, in every mode.
    const fora = item(sku);
    fora.ibs_cbs.v_cbs = '0.66';
    const q = await previewNfe(deps(), principal(), { body: nfeInput(body([fora])) }).catch((e: unknown) => e);
    expect(q).toBeInstanceOf(EngineError);
    expect((q as EngineError).extra.erros).toEqual([
      expect.objectContaining({
        codigo: 'valor_tributo_divergente',
        campo: '/itens/0/ibs_cbs/v_cbs',
        codigo_oficial: '1069',
      }),
    ]);
  });

  it('a divergence is an adjustment divergente with the expected and the sent value; the note keeps the sent value', async () => {
    const { sku, body } = await setup();
    const p = await previewNfe(deps(), principal(), {
      body: nfeInput(body([item(sku, { cst: '00', mod_bc: '3', v_bc: '100.00', p_icms: '12.00', v_icms: '12.00' })])),
    });
    const divergentes = p.ajustes.filter((a) => a.regra === 'nfe_conferencia_divergencia');
    expect(divergentes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ campo: '/itens/0/icms/p_icms', acao: 'divergente', valor: '17', enviado: '12.00' }),
        expect.objectContaining({
          campo: '/itens/0/icms/v_icms',
          acao: 'divergente',
          valor: '17.00',
          enviado: '12.00',
        }),
      ]),
    );
    expect(p.xml).toContain('<vICMS>12.00</vICMS>');
  });

  it('parar_em_divergencia stops the note with 422 nfe_conferencia_divergente; an unknown product is fora_de_cobertura, never a silent pass', async () => {
    const { sku, body } = await setup();
    const err = await previewNfe(deps(), principal(), {
      body: nfeInput(
        body([item(sku, { cst: '00', mod_bc: '3', v_bc: '100.00', p_icms: '12.00', v_icms: '12.00' })], {
          parar_em_divergencia: true,
        }),
      ),
    }).then(
      () => null,
      (e: unknown) => e as EngineError,
    );
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ codigo: 'nfe_conferencia_divergente', campo: '/itens/0/icms/p_icms' });
    const p = await previewNfe(deps(), principal(), { body: nfeInput(body([item('FORA-DO-CATALOGO')])) });
    expect(p.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ regra: 'nfe_conferencia_fora_de_cobertura', campo: '/itens/0', acao: 'omitido' }),
      ]),
    );
    const informada = await previewNfe(deps(), principal(), {
      body: nfeInput(body([item(sku)], { operacao: 'transferencia' })),
    });
    expect(informada.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ regra: 'nfe_conferencia_fora_de_cobertura', campo: '/operacao' }),
      ]),
    );
  });

  it('an item whose code is not a catalogue product has its IBS/CBS recomputed from its own cClassTrib and amounts', async () => {
    const { body } = await setup();
    // The caller took the IBS/CBS base as the operation's 100.00 and computed CBS 0.90 on it (consistent with its own
    // base, so the SEFAZ arithmetic passes); NT 2025.002 UB16 takes out its ICMS 17.00, PIS 1.37 and COFINS 6.31:
    // 75.32 × 0.9 % = 0.67788 → 0.68 (LC 214/2025 art. 346), 75.32 × 0.1 % = 0.07532 → 0.08.
    const avulso = item('AVULSO-SEM-CADASTRO');
    Object.assign(avulso.ibs_cbs, { v_bc: '100.00', v_ibs_uf: '0.10', v_cbs: '0.90' });
    const p = await previewNfe(deps(), principal(), { body: nfeInput(body([avulso])) });
    const divergentes = p.ajustes.filter((a) => a.regra === 'nfe_conferencia_divergencia');
    expect(divergentes.map((a) => [a.campo, a.valor, a.enviado])).toEqual([
      ['/itens/0/ibs_cbs/v_bc', '75.32', '100.00'],
      ['/itens/0/ibs_cbs/v_ibs_uf', '0.08', '0.10'],
      ['/itens/0/ibs_cbs/v_cbs', '0.68', '0.90'],
    ]);
    expect(p.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          regra: 'nfe_conferencia_fora_de_cobertura',
          campo: '/itens/0',
          motivo: expect.stringContaining('IBS/CBS foi recalculado'),
        }),
      ]),
    );
    // With the right values the item passes without divergence.
    const certo = await previewNfe(deps(), principal(), { body: nfeInput(body([item('AVULSO-SEM-CADASTRO')])) });
    expect(certo.ajustes.filter((a) => a.regra === 'nfe_conferencia_divergencia')).toEqual([]);
  });

  it('a monophasic item not in the catalogue is recomputed by quantity × its own ad rem rates; gMonoDif is named outside', async () => {
    const { body } = await setup();
    // 620001 (gMonoPadrao): 2.5 × 0.0100 = 0.025 → 0.02 half to even (the calculator's rounding), within 0.01 of the
    // 0.03 sent; the ad rem rates are the example's, the official data has none.
    const mono = item('AVULSO-MONO');
    mono.ibs_cbs = {
      cst: '620',
      c_class_trib: '620001',
      q_bc_mono: '2.5',
      ad_rem_ibs: '0.01',
      ad_rem_cbs: '0.5',
      v_ibs_mono: '0.03',
      v_cbs_mono: '1.25',
    } as unknown as typeof mono.ibs_cbs;
    const p = await previewNfe(deps(), principal(), { body: nfeInput(body([mono])) });
    expect(p.ajustes.filter((a) => a.regra === 'nfe_conferencia_divergencia')).toEqual([]);
    expect(p.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          regra: 'nfe_conferencia_fora_de_cobertura',
          motivo: expect.stringContaining('IBS/CBS foi recalculado'),
        }),
      ]),
    );
    // 620003 asks for the monophasic deferral, whose base the data does not give.
    const dif = item('AVULSO-MONO-DIF');
    dif.ibs_cbs = {
      cst: '620',
      c_class_trib: '620003',
      p_dif_ibs_mono: '10',
      v_ibs_mono_dif: '0.00',
      p_dif_cbs_mono: '10',
      v_cbs_mono_dif: '0.00',
    } as unknown as typeof dif.ibs_cbs;
    const fora = await previewNfe(deps(), principal(), { body: nfeInput(body([dif])) });
    expect(fora.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          regra: 'nfe_conferencia_fora_de_cobertura',
          motivo: expect.stringContaining('gMonoDif'),
        }),
      ]),
    );
  });

  it('over REST: the divergence is in ajustes of the issued note', async () => {
    const { sku, body } = await setup();
    const res = await httpClient(t.url, acct.testKey).post(
      '/v1/nfe',
      body([item(sku, { cst: '00', mod_bc: '3', v_bc: '100.00', p_icms: '12.00', v_icms: '12.00' })]),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.modo).toBe('conferir');
    expect(res.body.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          regra: 'nfe_conferencia_divergencia',
          campo: '/itens/0/icms/v_icms',
          valor: '17.00',
          enviado: '12.00',
        }),
      ]),
    );
  });
});
