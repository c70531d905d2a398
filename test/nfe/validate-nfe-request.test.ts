import { describe, expect, it } from 'vitest';
import { CHAVE_ORIGEM, nfeBody, validateNfeRequest } from '../support/nfe-fixtures.js';

const ctx = { simples: false, chaveRestritaEmpresa: true, environment: 'test' as const, dia: '2026-11-02' };
const campos = (body: unknown, c = ctx) => validateNfeRequest(body, c).erros.map((e) => `${e.codigo} ${e.campo}`);

describe('NF-e informado validation', () => {
  it('accepts the complete request and reports the informado adjustments with versao and fonte', () => {
    const v = validateNfeRequest(nfeBody(), ctx);
    expect(v.erros).toEqual([]);
    expect(v.request).toMatchObject({ modo: 'informado', tipo_operacao: 'saida', finalidade: 'normal' });
    const regras = v.ajustes.map((a) => a.regra);
    for (const r of [
      'nfe_modo_informado',
      'nfe_tipo_operacao_saida',
      'nfe_finalidade_normal',
      'nfe_totais_somados',
      'nfe_valor_total_item',
      'nfe_sem_gtin',
      'nfe_transporte_sem_frete',
      'nfe_indintermed_padrao',
      'nfe_destinatario_homologacao',
      'nfe_serie_da_origem',
    ]) {
      expect(regras).toContain(r);
    }
    expect(v.ajustes.find((a) => a.regra === 'nfe_sem_gtin')?.campo).toBe('/itens/1/gtin');
    for (const a of v.ajustes)
      expect(a).toMatchObject({ versao: expect.any(String), fonte: expect.stringContaining('4.00') });
    // Production keeps the recipient's name.
    expect(validateNfeRequest(nfeBody(), { ...ctx, environment: 'live' }).ajustes.map((a) => a.regra)).not.toContain(
      'nfe_destinatario_homologacao',
    );
  });

  it('reports every error at once, each with its JSON Pointer', () => {
    const body = nfeBody({ presenca: 'drive-thru', extra: 1, pagamentos: [{ forma: 'outros', valor: 130 }] });
    delete body.natureza_operacao;
    body.itens[0].ncm = '123';
    body.itens[0].quantidade = 3;
    body.itens[1].icms = { cst: '99' };
    body.destinatario.documento = '11111111111';
    expect(campos(body)).toEqual(
      expect.arrayContaining([
        'campo_desconhecido /extra',
        'campo_obrigatorio /natureza_operacao',
        'formato_invalido /presenca',
        'formato_invalido /itens/0/ncm',
        'tipo_invalido /itens/0/quantidade',
        'formato_invalido /itens/1/icms/cst',
        'documento_invalido /destinatario/documento',
        'tipo_invalido /pagamentos/0/valor',
        'campo_obrigatorio /pagamentos/0/descricao',
      ]),
    );
  });

  it('origem is a code: the text or the integer 0 to 8, kept as its text', () => {
    for (const [sent, kept] of [
      ['5', '5'],
      [5, '5'],
      [0, '0'],
    ] as const) {
      const body = nfeBody();
      body.itens[0].origem = sent;
      expect(validateNfeRequest(body, ctx).request?.itens[0]?.origem).toBe(kept);
    }
    for (const [sent, codigo] of [
      [9, 'formato_invalido'],
      ['9', 'formato_invalido'],
      [1.5, 'tipo_invalido'],
    ] as const) {
      const body = nfeBody();
      body.itens[0].origem = sent;
      expect(campos(body)).toEqual([`${codigo} /itens/0/origem`]);
    }
  });

  it('devolução and complementar need chave_referenciada; its length and check digit are verified', () => {
    expect(campos(nfeBody({ finalidade: 'devolucao' }))).toContain(
      'chave_referenciada_obrigatoria /chave_referenciada',
    );
    expect(campos(nfeBody({ finalidade: 'complementar' }))).toContain(
      'chave_referenciada_obrigatoria /chave_referenciada',
    );
    expect(campos(nfeBody({ finalidade: 'normal' }))).toEqual([]);
    expect(campos(nfeBody({ finalidade: 'devolucao', chave_referenciada: CHAVE_ORIGEM.slice(0, 43) }))).toEqual([
      'formato_invalido /chave_referenciada',
    ]);
    const wrongDv = CHAVE_ORIGEM.slice(0, 43) + String((Number(CHAVE_ORIGEM[43]) + 1) % 10);
    const erros = validateNfeRequest(nfeBody({ finalidade: 'devolucao', chave_referenciada: wrongDv }), ctx).erros;
    expect(erros).toMatchObject([
      { campo: '/chave_referenciada', mensagem: expect.stringMatching(/dígito verificador/) },
    ]);
    expect(campos(nfeBody({ finalidade: 'ajuste', chave_referenciada: CHAVE_ORIGEM }))).toEqual([]);
  });

  it('CRT decides CST or CSOSN; totals sent must match the sum; payments must cover the note', () => {
    expect(campos(nfeBody(), { ...ctx, simples: true })).toEqual(
      expect.arrayContaining(['formato_invalido /itens/0/icms/cst', 'campo_obrigatorio /itens/0/icms/csosn']),
    );
    expect(campos(nfeBody({ totais: { valor_produtos: '115.00', valor_nota: '121.00' } }))).toEqual([
      'formato_invalido /totais/valor_nota',
    ]);
    expect(campos(nfeBody({ pagamentos: [{ forma: 'pix', valor: '100.00' }] }))).toEqual([
      'formato_invalido /pagamentos',
    ]);
  });

  it('a contributor recipient needs its state registration; others may not send one', () => {
    const body = nfeBody();
    delete body.destinatario.inscricao_estadual;
    expect(campos(body)).toEqual(['campo_obrigatorio /destinatario/inscricao_estadual']);
    expect(campos(nfeBody({ destinatario: { ...nfeBody().destinatario, contribuinte: 'nao_contribuinte' } }))).toEqual([
      'formato_invalido /destinatario/inscricao_estadual',
    ]);
  });
});
