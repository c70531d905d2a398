import { describe, expect, it } from 'vitest';
import { CODIGOS_VALIDACAO, validateNfseRequest } from '../../src/engine/nfse/validacao/index.js';
import type { ValidationIssue } from '../../src/engine/nucleo/validation-issue.js';
import {
  CNPJ_ALFANUMERICO,
  CNPJ_FILIAL_PRESTADOR,
  CNPJ_PRESTADOR,
  CPF_TOMADOR,
  contexto,
  corpo,
  empresa,
  params,
  servico,
  validar,
} from '../support/validation-fixtures.js';

const erros = (body: unknown, ctx = contexto()) => validar(body, ctx).erros;
const resumo = (e: ValidationIssue[]) => e.map((i) => `${i.codigo} ${i.campo}`);

/** Exactly one issue, with that code and pointer, in pt-BR with a correction. */
function unico(body: unknown, codigo: string, campo: string, ctx = contexto()): ValidationIssue {
  const e = erros(body, ctx);
  expect(resumo(e)).toEqual([`${codigo} ${campo}`]);
  expect(e[0].mensagem.length).toBeGreaterThan(10);
  expect(e[0].correcao.length).toBeGreaterThan(10);
  return e[0];
}

describe('validateNfseRequest: valid body', () => {
  it('a valid body gives the normalized request', () => {
    const r = validar(
      corpo({ valor: '1500', servico: servico({ aliquota_iss: '2', codigo_nacional: '01.01.01' }) }),
      contexto(),
    );
    expect(r.erros).toEqual([]);
    expect(r.request).toMatchObject({
      empresa_id: 'emp-1',
      competencia: '2026-11',
      valor: '1500.00',
      tomador: { documento: '54550752000155', tipo_documento: 'cnpj' },
      servico: { codigo_nacional: '010101', aliquota_iss: '2.00', iss_retido: false },
    });
    expect(r.ajustes).toBeDefined();
    expect(r.resolved?.competencia).toBe('2026-11');
  });

  it('no request is produced when there is an error', () => {
    const r = validar(corpo({ valor: '0' }), contexto());
    expect(r.request).toBeUndefined();
  });
});

describe('validateNfseRequest: one test per error code', () => {
  it('tipo_invalido: JSON number for money, rate and strings; non-object body', () => {
    unico(corpo({ valor: 1500 }), 'tipo_invalido', '/valor');
    unico(corpo({ servico: servico({ aliquota_iss: 2 }) }), 'tipo_invalido', '/servico/aliquota_iss');
    unico(corpo({ servico: servico({ iss_retido: 'true' }) }), 'tipo_invalido', '/servico/iss_retido');
    unico(corpo({ tomador: 'x' }), 'tipo_invalido', '/tomador');
    unico(corpo({ tomador: { documento: 54550752000155 } }), 'tipo_invalido', '/tomador/documento');
    unico([], 'tipo_invalido', '');
    unico(null, 'tipo_invalido', '');
  });

  it('formato_invalido: valor with comma, 3 decimals, zero or negative', () => {
    for (const v of ['1500,00', '10.123', '0', '0.00', '-5', '1e3', '', '1.000.00']) {
      const e = erros(corpo({ valor: v }));
      expect(resumo(e), v).toEqual(['formato_invalido /valor']);
    }
  });

  it('campo_desconhecido: at any depth, with its pointer', () => {
    unico(corpo({ extra: 1 }), 'campo_desconhecido', '/extra');
    unico(corpo({ tomador: { documento: CPF_TOMADOR, apelido: 'x' } }), 'campo_desconhecido', '/tomador/apelido');
    unico(corpo({ servico: servico({ codigo: '010101' }) }), 'campo_desconhecido', '/servico/codigo');
    unico(
      corpo({
        tomador: {
          documento: CPF_TOMADOR,
          endereco: { cep: '01310100', logradouro: 'Av. Paulista', numero: '1000', bairro: 'Bela Vista', uf: 'SP' },
        },
      }),
      'campo_desconhecido',
      '/tomador/endereco/uf',
    );
    unico(corpo({ 'a/b~c': 1 }), 'campo_desconhecido', '/a~1b~0c');
  });

  it('campo_obrigatorio: tomador.documento, valor, servico.descricao, empresa_id', () => {
    unico(corpo({ tomador: {} }), 'campo_obrigatorio', '/tomador/documento');
    const semValor = corpo();
    delete semValor.valor;
    unico(semValor, 'campo_obrigatorio', '/valor');
    unico(corpo({ servico: servico({ descricao: '  ' }) }), 'campo_obrigatorio', '/servico/descricao');
    const semEmpresa = corpo();
    delete semEmpresa.empresa_id;
    unico(semEmpresa, 'campo_obrigatorio', '/empresa_id');
  });

  it('empresa_id may be omitted with a key restricted to one company', () => {
    const body = corpo();
    delete body.empresa_id;
    expect(erros(body, contexto({ chaveRestritaEmpresa: true }))).toEqual([]);
  });

  it('documento_invalido: wrong check digits or length', () => {
    unico(corpo({ tomador: { documento: '52998224724' } }), 'documento_invalido', '/tomador/documento');
    unico(corpo({ tomador: { documento: '54550752000156' } }), 'documento_invalido', '/tomador/documento');
    unico(corpo({ tomador: { documento: '123' } }), 'documento_invalido', '/tomador/documento');
    unico(corpo({ tomador: { documento: '11111111111' } }), 'documento_invalido', '/tomador/documento');
  });

  it('referencia_muito_longa: more than 60 characters', () => {
    expect(erros(corpo({ referencia: 'r'.repeat(60) }))).toEqual([]);
    unico(corpo({ referencia: 'r'.repeat(61) }), 'referencia_muito_longa', '/referencia');
  });

  it('tomador_igual_prestador: same CNPJ or same root (other establishment)', () => {
    const e = unico(corpo({ tomador: { documento: CNPJ_PRESTADOR } }), 'tomador_igual_prestador', '/tomador/documento');
    expect(e.codigo_oficial).toBe('E0202');
    unico(corpo({ tomador: { documento: CNPJ_FILIAL_PRESTADOR } }), 'tomador_igual_prestador', '/tomador/documento');
  });

  it('codigo_servico_inexistente: code not in the national list', () => {
    const e = unico(
      corpo({ servico: servico({ codigo_nacional: '019999' }) }),
      'codigo_servico_inexistente',
      '/servico/codigo_nacional',
    );
    expect(e.codigo_oficial).toBe('E0310');
    unico(corpo({ servico: servico({ codigo_nacional: '12345' }) }), 'formato_invalido', '/servico/codigo_nacional');
  });

  it('aliquota_iss_obrigatoria: required rate with no request value, no default, no official rate', () => {
    // Lucro presumido in a municipality outside the national convênio, with no single official rate for the
    // service: pAliq required (E0619).
    const ctx = contexto({ parametros: () => params({ convenio: 'proprio' }, {}) });
    const e = unico(
      corpo({ servico: servico({ aliquota_iss: undefined }) }),
      'aliquota_iss_obrigatoria',
      '/servico/aliquota_iss',
      ctx,
    );
    expect(e.mensagem).toMatch(/E0619/);
  });

  it('aliquota_iss_obrigatoria is avoided by the official rate (param.aliquota_iss)', () => {
    const ctx = contexto({ parametros: () => params({ convenio: 'proprio' }, { '010101': '2.00' }) });
    const r = validar(corpo({ servico: servico({ aliquota_iss: undefined }) }), ctx);
    expect(r.erros).toEqual([]);
    expect(r.resolved?.aliquota_iss).toBe('2.00');
    expect(r.ajustes?.map((a) => a.regra)).toContain('param.aliquota_iss');
  });

  it('aliquota_iss_invalida: above 5% or zero; formato_invalido for malformed', () => {
    expect(
      unico(corpo({ servico: servico({ aliquota_iss: '5.01' }) }), 'aliquota_iss_invalida', '/servico/aliquota_iss')
        .codigo_oficial,
    ).toBe('E0595');
    unico(corpo({ servico: servico({ aliquota_iss: '0' }) }), 'aliquota_iss_invalida', '/servico/aliquota_iss');
    unico(corpo({ servico: servico({ aliquota_iss: '2,5' }) }), 'formato_invalido', '/servico/aliquota_iss');
    unico(corpo({ servico: servico({ aliquota_iss: '2.555' }) }), 'formato_invalido', '/servico/aliquota_iss');
  });

  it('competencia_invalida: bad format or future month', () => {
    unico(corpo({ competencia: '2026-13' }), 'competencia_invalida', '/competencia');
    unico(corpo({ competencia: '11/2026' }), 'competencia_invalida', '/competencia');
    expect(unico(corpo({ competencia: '2026-12' }), 'competencia_invalida', '/competencia').codigo_oficial).toBe(
      'E0015',
    );
    expect(erros(corpo({ competencia: '2026-10' }))).toEqual([]);
    unico(corpo({ competencia: 202611 }), 'tipo_invalido', '/competencia');
  });

  it('competence month is Brasília time: 01:00 UTC on the 1st is still the previous month', () => {
    const ctx = contexto({ now: new Date('2026-12-01T01:00:00Z') });
    unico(corpo({ competencia: '2026-12' }), 'competencia_invalida', '/competencia', ctx);
  });

  it('obra_obrigatoria: construction code without obra', () => {
    const e = unico(corpo({ servico: servico({ codigo_nacional: '070201' }) }), 'obra_obrigatoria', '/servico/obra');
    expect(e.codigo_oficial).toBe('E0370');
    unico(corpo({ servico: servico({ codigo_nacional: '141404' }) }), 'obra_obrigatoria', '/servico/obra');
  });

  it('obra_obrigatoria also when the construction code comes from the company default', () => {
    const ctx = contexto({ empresa: empresa({ padroes: { codigo_nacional: '070202' } }) });
    unico(corpo({ servico: servico({ codigo_nacional: undefined }) }), 'obra_obrigatoria', '/servico/obra', ctx);
  });

  it('obra_nao_permitida: obra with a non-construction code (99.01.01 accepted)', () => {
    const obra = { cno: '123456789012', municipio: '3550308' };
    const e = unico(corpo({ servico: servico({ obra }) }), 'obra_nao_permitida', '/servico/obra');
    expect(e.codigo_oficial).toBe('E0372');
    expect(erros(corpo({ servico: servico({ codigo_nacional: '990101', obra }) }))).toEqual([]);
  });

  it('obra: identification and municipality', () => {
    const s = (obra: unknown) => corpo({ servico: servico({ codigo_nacional: '070201', obra }) });
    expect(erros(s({ cno: '123456789012', municipio: '3304557' }))).toEqual([]);
    expect(erros(s({ cep: '01310100', numero: '100' }))).toEqual([]);
    unico(s({ municipio: '3304557' }), 'campo_obrigatorio', '/servico/obra');
    unico(s({ cep: '01310100' }), 'campo_obrigatorio', '/servico/obra/numero');
    unico(s({ cno: '123456789012' }), 'campo_obrigatorio', '/servico/obra/municipio');
    unico(s({ cno: '1', cib: 'ABCD1234', municipio: '3304557' }), 'formato_invalido', '/servico/obra');
    unico(s({ cib: 'ABC', municipio: '3304557' }), 'formato_invalido', '/servico/obra/cib');
  });

  it('nbs_inexistente and nbs_fora_do_servico', () => {
    expect(
      unico(corpo({ servico: servico({ nbs: '101010000' }) }), 'nbs_inexistente', '/servico/nbs').codigo_oficial,
    ).toBe('E0316');
    unico(corpo({ servico: servico({ nbs: '101011100' }) }), 'nbs_fora_do_servico', '/servico/nbs');
    expect(erros(corpo({ servico: servico({ nbs: '1.1502.10.00' }) }))).toEqual([]);
  });

  it('IBS/CBS classification: c_class_trib_inexistente, c_class_trib_nao_aplicavel, c_class_trib_nao_suportado, cst_ibs_cbs_divergente', () => {
    const escola = (ibs_cbs: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      corpo({ servico: servico({ codigo_nacional: '080101', nbs: '122011100', ibs_cbs, ...extra }) });
    const ok = validar(escola({ c_class_trib: '200028', indicador_operacao: '030101' }), contexto());
    expect(ok.erros).toEqual([]);
    expect(ok.resolved?.ibs_cbs).toEqual({ c_class_trib: '200028', cst: '200', indicador_operacao: '030101' });
    expect(ok.ajustes?.find((a) => a.regra === 'dps.IBSCBS.CST.derivado')).toMatchObject({
      campo: '/servico/ibs_cbs/cst',
      acao: 'derivado',
    });

    expect(
      unico(
        escola({ c_class_trib: '299999', indicador_operacao: '030101' }),
        'c_class_trib_inexistente',
        '/servico/ibs_cbs/c_class_trib',
      ).mensagem,
    ).toContain('299999');
    // 200003 (food, Annex I) is an NF-e code; 200029 (health) is not foreseen for an education NBS.
    expect(
      unico(
        escola({ c_class_trib: '200003', indicador_operacao: '030101' }),
        'c_class_trib_nao_aplicavel',
        '/servico/ibs_cbs/c_class_trib',
      ).mensagem,
    ).toMatch(/não é aceito em NFS-e/);
    expect(
      unico(
        escola({ c_class_trib: '200029', indicador_operacao: '030101' }),
        'c_class_trib_nao_aplicavel',
        '/servico/ibs_cbs/c_class_trib',
      ).mensagem,
    ).toContain('122011100');
    // In force from 2026-01-01 only.
    const antes = { ...escola({ c_class_trib: '200028', indicador_operacao: '030101' }), competencia: '2025-12' };
    expect(unico(antes, 'c_class_trib_nao_aplicavel', '/servico/ibs_cbs/c_class_trib').mensagem).toMatch(
      /não está em vigor na competência 2025-12/,
    );
    // 515001 needs the deferral percentages (gDif).
    expect(
      unico(
        corpo({ servico: servico({ ibs_cbs: { c_class_trib: '515001', indicador_operacao: '030101' } }) }),
        'c_class_trib_nao_suportado',
        '/servico/ibs_cbs/c_class_trib',
      ).mensagem,
    ).toContain('gDif');
    unico(
      escola({ c_class_trib: '200028', cst: '000', indicador_operacao: '030101' }),
      'cst_ibs_cbs_divergente',
      '/servico/ibs_cbs/cst',
    );
    unico(escola({ c_class_trib: '200028' }), 'campo_obrigatorio', '/servico/ibs_cbs/indicador_operacao');
    unico(escola({ cst: '200', indicador_operacao: '030101' }), 'campo_obrigatorio', '/servico/ibs_cbs/c_class_trib');
    unico(
      corpo({ servico: servico({ ibs_cbs: { c_class_trib: '200028', indicador_operacao: '030101' } }) }),
      'campo_obrigatorio',
      '/servico/nbs',
    );
    unico(
      escola({ c_class_trib: '2000', indicador_operacao: '030101' }),
      'formato_invalido',
      '/servico/ibs_cbs/c_class_trib',
    );
    unico(
      escola({ c_class_trib: '200028', indicador_operacao: '3.1' }),
      'formato_invalido',
      '/servico/ibs_cbs/indicador_operacao',
    );
  });

  it('IBS/CBS classification from the company defaults, member by member', () => {
    const padroes = { nbs: '122011100', ibs_cbs: { c_class_trib: '200028', indicador_operacao: '030101' } };
    const ctx = contexto({ empresa: empresa({ padroes }) });
    const r = validar(corpo({ servico: servico({ codigo_nacional: '080101' }) }), ctx);
    expect(r.erros).toEqual([]);
    expect(r.resolved?.ibs_cbs).toEqual({ c_class_trib: '200028', cst: '200', indicador_operacao: '030101' });
    expect(r.ajustes?.map((a) => a.regra)).toEqual(
      expect.arrayContaining([
        'padrao.nbs',
        'padrao.ibs_cbs.c_class_trib',
        'padrao.ibs_cbs.indicador_operacao',
        'dps.IBSCBS.CST.derivado',
      ]),
    );
    // The request's cClassTrib wins and keeps the default's operation indicator; a wrong default is named as such.
    const geral = validar(
      corpo({ servico: servico({ codigo_nacional: '080101', ibs_cbs: { c_class_trib: '000001' } }) }),
      ctx,
    );
    expect(geral.resolved?.ibs_cbs).toEqual({ c_class_trib: '000001', cst: '000', indicador_operacao: '030101' });
    const ruim = contexto({
      empresa: empresa({
        padroes: { nbs: '115021000', ibs_cbs: { c_class_trib: '200028', indicador_operacao: '030101' } },
      }),
    });
    expect(unico(corpo(), 'c_class_trib_nao_aplicavel', '/servico/ibs_cbs/c_class_trib', ruim).mensagem).toContain(
      'padrão da empresa',
    );
    expect(validar(corpo(), contexto()).resolved?.ibs_cbs).toBeNull();
  });

  it('municipio_inexistente and municipio_prestacao_divergente', () => {
    unico(
      corpo({ servico: servico({ municipio_prestacao: '3550309' }) }),
      'municipio_inexistente',
      '/servico/municipio_prestacao',
    );
    unico(
      corpo({
        servico: servico({
          codigo_nacional: '070201',
          obra: { cno: '1', municipio: '3304557' },
          municipio_prestacao: '3550308',
        }),
      }),
      'municipio_prestacao_divergente',
      '/servico/municipio_prestacao',
    );
  });

  it('motivo_obrigatorio: substitution with codigo_motivo 99 and no motivo (E0078)', () => {
    const e = unico(
      corpo({ substituicao: { nfse_id: 'n1', codigo_motivo: '99' } }),
      'motivo_obrigatorio',
      '/substituicao/motivo',
    );
    expect(e.codigo_oficial).toBe('E0078');
    expect(
      erros(
        corpo({ substituicao: { nfse_id: 'n1', codigo_motivo: '99', motivo: 'Valor do serviço informado errado' } }),
      ),
    ).toEqual([]);
    expect(erros(corpo({ substituicao: { nfse_id: 'n1', codigo_motivo: '01' } }))).toEqual([]);
  });

  it('substitution: identifier, reason code and access key', () => {
    unico(corpo({ substituicao: { codigo_motivo: '01' } }), 'campo_obrigatorio', '/substituicao');
    unico(corpo({ substituicao: { nfse_id: 'n1' } }), 'campo_obrigatorio', '/substituicao/codigo_motivo');
    unico(
      corpo({ substituicao: { nfse_id: 'n1', codigo_motivo: '06' } }),
      'formato_invalido',
      '/substituicao/codigo_motivo',
    );
    unico(corpo({ substituicao: { nfse_id: 'n1', codigo_motivo: 1 } }), 'tipo_invalido', '/substituicao/codigo_motivo');
    const chave = '35503082211222333000181000000000000126011234567894';
    expect(erros(corpo({ substituicao: { chave_acesso: chave, codigo_motivo: '01' } }))).toEqual([]);
    unico(
      corpo({ substituicao: { chave_acesso: `${chave.slice(0, 49)}5`, codigo_motivo: '01' } }),
      'formato_invalido',
      '/substituicao/chave_acesso',
    );
    unico(
      corpo({ substituicao: { nfse_id: 'n1', chave_acesso: chave, codigo_motivo: '01' } }),
      'formato_invalido',
      '/substituicao',
    );
  });

  it('every code the validator documents is exercised above (the ABRASF service-code one in abrasf-message.test.ts)', () => {
    expect(Object.keys(CODIGOS_VALIDACAO).sort()).toEqual([
      'aliquota_iss_invalida',
      'aliquota_iss_obrigatoria',
      'c_class_trib_inexistente',
      'c_class_trib_nao_aplicavel',
      'c_class_trib_nao_suportado',
      'campo_desconhecido',
      'campo_obrigatorio',
      'codigo_servico_inexistente',
      'codigo_servico_municipal_indisponivel',
      'competencia_invalida',
      'cst_ibs_cbs_divergente',
      'documento_invalido',
      'formato_invalido',
      'motivo_obrigatorio',
      'municipio_inexistente',
      'municipio_prestacao_divergente',
      'nbs_fora_do_servico',
      'nbs_inexistente',
      'obra_nao_permitida',
      'obra_obrigatoria',
      'referencia_muito_longa',
      'tipo_invalido',
      'tomador_igual_prestador',
    ]);
  });
});

describe('validateNfseRequest: every error at once', () => {
  it('reports all errors of a body together', () => {
    const body = {
      referencia: 'x'.repeat(61),
      competencia: '2027-01',
      tomador: { documento: '12ABC34501DE36', nome: 5, desconhecido: true },
      valor: 10.5,
      servico: { descricao: '', codigo_nacional: '070201', aliquota_iss: 3, nbs: '999' },
      substituicao: { nfse_id: 'n', codigo_motivo: '99' },
      outro: 1,
    };
    const e = resumo(erros(body));
    expect(e).toEqual(
      expect.arrayContaining([
        'campo_desconhecido /outro',
        'campo_obrigatorio /empresa_id',
        'referencia_muito_longa /referencia',
        'competencia_invalida /competencia',
        'campo_desconhecido /tomador/desconhecido',
        'documento_invalido /tomador/documento',
        'tipo_invalido /tomador/nome',
        'tipo_invalido /valor',
        'campo_obrigatorio /servico/descricao',
        'tipo_invalido /servico/aliquota_iss',
        'formato_invalido /servico/nbs',
        'obra_obrigatoria /servico/obra',
        'motivo_obrigatorio /substituicao/motivo',
      ]),
    );
    expect(e).toHaveLength(13);
  });
});

describe('documents', () => {
  it('alphanumeric CNPJ with valid check digits (RFB example 12ABC34501DE35), masked and lower case', () => {
    for (const d of [CNPJ_ALFANUMERICO, '12.ABC.345/01DE-35', '12abc34501de35']) {
      const r = validar(corpo({ tomador: { documento: d } }), contexto());
      expect(r.erros, d).toEqual([]);
      expect(r.request?.tomador).toMatchObject({ documento: CNPJ_ALFANUMERICO, tipo_documento: 'cnpj' });
    }
  });

  it('alphanumeric CNPJ with wrong check digits is refused', () => {
    unico(corpo({ tomador: { documento: '12ABC34501DE36' } }), 'documento_invalido', '/tomador/documento');
    unico(corpo({ tomador: { documento: '12ABC34501DE3A' } }), 'documento_invalido', '/tomador/documento');
  });

  it('alphanumeric CNPJ as the provider: same root is refused', () => {
    const ctx = contexto({ empresa: empresa({ cnpj: CNPJ_ALFANUMERICO }) });
    unico(
      corpo({ tomador: { documento: '12.abc.345/01de-35' } }),
      'tomador_igual_prestador',
      '/tomador/documento',
      ctx,
    );
  });

  it('CPF valid (with and without mask) and invalid', () => {
    for (const d of [CPF_TOMADOR, '529.982.247-25']) {
      const r = validar(corpo({ tomador: { documento: d } }), contexto());
      expect(r.erros).toEqual([]);
      expect(r.request?.tomador).toMatchObject({ documento: CPF_TOMADOR, tipo_documento: 'cpf' });
    }
    unico(corpo({ tomador: { documento: '529.982.247-26' } }), 'documento_invalido', '/tomador/documento');
  });
});

describe('company-dependent checks', () => {
  it('without a resolved company, company checks are skipped', () => {
    const r = validar(corpo({ tomador: { documento: CNPJ_PRESTADOR } }), contexto({ empresa: null }));
    expect(r.erros).toEqual([]);
    expect(r.ajustes).toBeUndefined();
  });

  it('service code missing from request and company defaults is required', () => {
    unico(corpo({ servico: servico({ codigo_nacional: undefined }) }), 'campo_obrigatorio', '/servico/codigo_nacional');
    const ctx = contexto({ empresa: empresa({ padroes: { codigo_nacional: '010101' } }) });
    expect(erros(corpo({ servico: servico({ codigo_nacional: undefined }) }), ctx)).toEqual([]);
  });

  it('prestador.inscricao_municipal and informacoes_complementares are normalized', () => {
    const r = validar(
      corpo({ prestador: { inscricao_municipal: ' 123 ' }, informacoes_complementares: 'Pedido 42' }),
      contexto(),
    );
    expect(r.request).toMatchObject({
      prestador: { inscricao_municipal: '123' },
      informacoes_complementares: 'Pedido 42',
    });
    unico(
      corpo({ prestador: { inscricao_municipal: '1'.repeat(16) } }),
      'formato_invalido',
      '/prestador/inscricao_municipal',
    );
    unico(corpo({ informacoes_complementares: 'x'.repeat(2001) }), 'formato_invalido', '/informacoes_complementares');
  });
});

describe('the declaration (nfseBody)', () => {
  it('reports every unknown member of one object, each with its pointer and the accepted members', () => {
    const e = erros(corpo({ extra: 1, outro: 2, tomador: { documento: CPF_TOMADOR, apelido: 'x', idade: 3 } }));
    expect(resumo(e).sort()).toEqual([
      'campo_desconhecido /extra',
      'campo_desconhecido /outro',
      'campo_desconhecido /tomador/apelido',
      'campo_desconhecido /tomador/idade',
    ]);
    expect(e.find((i) => i.campo === '/tomador/idade')!.correcao).toContain(
      'documento, nome, email, telefone, inscricao_municipal, endereco',
    );
  });

  it('a JSON list where an object is expected is tipo_invalido, not an object with members 0, 1…', () => {
    unico(corpo({ tomador: [CPF_TOMADOR] }), 'tipo_invalido', '/tomador');
    unico(corpo({ servico: servico({ codigo_nacional: '070201', obra: ['x'] }) }), 'tipo_invalido', '/servico/obra');
    unico(['a'], 'tipo_invalido', '');
  });

  it('a rule mirroring a national one carries codigo_oficial', () => {
    expect(
      unico(
        corpo({ servico: servico({ codigo_nacional: '019999' }) }),
        'codigo_servico_inexistente',
        '/servico/codigo_nacional',
      ).codigo_oficial,
    ).toBe('E0310');
    expect(
      unico(corpo({ servico: servico({ aliquota_iss: '6' }) }), 'aliquota_iss_invalida', '/servico/aliquota_iss')
        .codigo_oficial,
    ).toBe('E0595');
    expect(
      unico(corpo({ servico: servico({ aliquota_iss: '0' }) }), 'aliquota_iss_invalida', '/servico/aliquota_iss')
        .codigo_oficial,
    ).toBeUndefined();
  });

  it('takes the request in its declared shape: a snake_case member is unknown to the engine', () => {
    const declared = {
      empresaId: 'emp-1',
      tomador: { documento: CPF_TOMADOR },
      valor: '10.00',
      servico: { descricao: 'Consultoria', codigoNacional: '010101', aliquotaIss: '2.00' },
    };
    expect(validateNfseRequest(declared, contexto()).request).toMatchObject({
      empresa_id: 'emp-1',
      servico: { codigo_nacional: '010101', aliquota_iss: '2.00' },
    });
    const r = validateNfseRequest({ ...declared, informacoes_complementares: 'x' }, contexto());
    expect(resumo(r.erros)).toEqual(['campo_desconhecido /informacoes_complementares']);
  });
});
