import { describe, expect, it } from 'vitest';
import { NFE_REGRAS_VERSAO } from '../../src/engine/nfe/nfe-ajuste.js';
import type { NfeValidationContext } from '../../src/engine/nfe/check-nfe-body.js';
import { nfeBody, nfeBodyTributado, validateNfeRequest } from '../support/nfe-fixtures.js';

const ctx: NfeValidationContext = {
  simples: false,
  chaveRestritaEmpresa: true,
  environment: 'live',
  dia: '2026-11-02',
};
const ajustes = (body: unknown, c = ctx) => {
  const v = validateNfeRequest(body, c);
  expect(v.erros).toEqual([]);
  return v.ajustes;
};
const regras = (body: unknown, c = ctx) => ajustes(body, c).map((a) => a.regra);

/** Each informado rule : a body that triggers it, one that does not, and its campo. */
const CASOS: Array<
  [string, () => Record<string, any>, () => Record<string, any>, string, Partial<NfeValidationContext> | undefined]
> = [
  ['nfe_modo_informado', () => nfeBody(), () => nfeBody({ modo: 'informado' }), '/modo', undefined],
  ['nfe_tipo_operacao_saida', () => nfeBody(), () => nfeBody({ tipo_operacao: 'saida' }), '/tipo_operacao', undefined],
  ['nfe_finalidade_normal', () => nfeBody(), () => nfeBody({ finalidade: 'normal' }), '/finalidade', undefined],
  ['nfe_serie_da_origem', () => nfeBody(), () => nfeBody({ serie: '2' }), '/serie', undefined],
  [
    'nfe_sem_gtin',
    () => nfeBody(),
    () => {
      const b = nfeBody();
      b.itens[1].gtin = '7891000100103';
      return b;
    },
    '/itens/1/gtin',
    undefined,
  ],
  [
    'nfe_transporte_sem_frete',
    () => nfeBody(),
    () => nfeBody({ transporte: { modalidade: 'sem_frete' } }),
    '/transporte',
    undefined,
  ],
  ['nfe_indintermed_padrao', () => nfeBody(), () => nfeBody({ presenca: 'presencial' }), '/presenca', undefined],
  [
    'nfe_destino_operacao',
    () => nfeBody(),
    () => {
      const b = nfeBody();
      delete b.destinatario.endereco;
      return b;
    },
    '/destinatario/endereco/municipio',
    undefined,
  ],
  ['nfe_destinatario_homologacao', () => nfeBody(), () => nfeBody(), '/destinatario/nome', { environment: 'test' }],
  [
    'nfe_ibs_soma_uf_municipio',
    () => nfeBodyTributado(),
    () => {
      const b = nfeBodyTributado();
      b.itens[0].ibs_cbs.v_ibs = '0.10';
      return b;
    },
    '/itens/0/ibs_cbs/v_ibs',
    undefined,
  ],
  ['nfe_totais_ibs_cbs_somados', () => nfeBodyTributado(), () => nfeBody(), '/totais', undefined],
  [
    'nfe_ibs_cbs_mono_total_item',
    // 620007 (monophasic without rate): the CBS total left out is derived from the (absent) subgroups.
    () => {
      const b = nfeBody();
      b.itens[0].ibs_cbs = { cst: '620', c_class_trib: '620007', v_tot_ibs_mono_item: '0.00' };
      return b;
    },
    () => {
      const b = nfeBody();
      b.itens[0].ibs_cbs = { cst: '620', c_class_trib: '620007', v_tot_ibs_mono_item: '0', v_tot_cbs_mono_item: '0' };
      return b;
    },
    '/itens/0/ibs_cbs/v_tot_cbs_mono_item',
    undefined,
  ],

  [
    'nfe_pagamento_valor_da_nota',
    () => nfeBody({ pagamentos: [{ forma: 'pix' }] }),
    () => nfeBody(),
    '/pagamentos/0/valor',
    undefined,
  ],
];

describe('NF-e informado adjustments, each with versao and fonte', () => {
  for (const [regra, com, sem, campo, ambiente] of CASOS) {
    it(`${regra}: applied at ${campo} only when its condition holds`, () => {
      // The homologation name is the one rule decided by the environment rather than the body.
      const c = { ...ctx, ...ambiente };
      const a = ajustes(com(), c).filter((x) => x.regra === regra);
      expect(a).toHaveLength(1);
      expect(a[0]).toMatchObject({
        campo,
        versao: NFE_REGRAS_VERSAO,
        fonte: expect.stringMatching(/MOC 4\.00|NT 2025\.002/),
        motivo: expect.stringMatching(/\S/),
      });
      expect(regras(sem())).not.toContain(regra);
    });
  }

  it("nfe_valor_total_item and nfe_totais_somados come with every valid request; IBS/CBS rules cite the reform's technical note", () => {
    expect(regras(nfeBody())).toEqual(expect.arrayContaining(['nfe_valor_total_item', 'nfe_totais_somados']));
    const ibs = ajustes(nfeBodyTributado()).filter((a) => a.regra.includes('ibs'));
    expect(ibs.map((a) => a.fonte)).toEqual([
      expect.stringContaining('NT 2025.002'),
      expect.stringContaining('NT 2025.002'),
    ]);
    expect(validateNfeRequest(nfeBody({ itens: [] }), ctx).ajustes.map((a) => a.regra)).not.toContain(
      'nfe_totais_somados',
    );
  });

  it("the single payment without valor is the note's vNF; with two payments valor stays required", () => {
    const v = validateNfeRequest(nfeBodyTributado({ pagamentos: [{ forma: 'boleto' }] }), ctx);
    expect(v.request!.pagamentos).toEqual([{ forma: 'boleto', valor: '142.95', descricao: undefined }]);
    const dois = validateNfeRequest(
      nfeBody({ pagamentos: [{ forma: 'pix' }, { forma: 'dinheiro', valor: '10.00' }] }),
      ctx,
    );
    expect(dois.erros.map((e) => `${e.codigo} ${e.campo}`)).toEqual(['campo_obrigatorio /pagamentos/0/valor']);
  });
});
