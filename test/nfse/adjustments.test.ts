import { describe, expect, it } from 'vitest';
import {
  catalogoRegras,
  computeAdjustments,
  regra,
  regraCorrecao,
  regrasVersao,
  situacaoAliquota,
  VERSAO_CAMPOS,
  VERSAO_CORRECOES,
  type EntradaAjustes,
} from '../../src/engine/nfse/ajustes/index.js';
import { AGORA, contexto, corpo, empresa, params, servico, validar } from '../support/validation-fixtures.js';

const entrada = (s: EntradaAjustes['servico'] = {}, over: Partial<EntradaAjustes> = {}): EntradaAjustes => ({
  competencia: '2026-11',
  servico: { codigo_nacional: '010101', iss_retido: false, ...s },
  ...over,
});
const regras = (r: { ajustes: { regra: string }[] }) => r.ajustes.map((a) => a.regra);

describe('rule catalogues', () => {
  it('regrasVersao is "<correcoes>+<campos>", both dated YYYY.MM.DD', () => {
    expect(regrasVersao()).toMatch(/^\d{4}\.\d{2}\.\d{2}\+\d{4}\.\d{2}\.\d{2}$/);
    expect(regrasVersao()).toBe(`${VERSAO_CORRECOES}+${VERSAO_CAMPOS}`);
  });

  it('rule ids are unique and every ajuste built by the engine is catalogued', () => {
    const { correcoes, campos } = catalogoRegras();
    const ids = [...correcoes.regras, ...campos.regras].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['param.aliquota_iss', 'dps.pAliq.exigido.simples_retido', 'dps.prest.IM.omitido', 'padrao.nbs']) {
      expect(regra(id)?.catalogo).toBe('campos');
    }
    expect(regraCorrecao('E0120')).toMatchObject({ id: 'correcao.E0120', catalogo: 'correcoes', acao: 'omitido' });
    expect(regraCorrecao('E9999')).toBeNull();
  });
});

describe('computeAdjustments: each rule', () => {
  it('dps.dCompet.derivado.mes_atual: competence from the injected clock (Brasília)', () => {
    const r = computeAdjustments(entrada({}, { competencia: undefined }), empresa(), params(), { now: AGORA });
    expect(r.resolved.competencia).toBe('2026-11');
    expect(r.ajustes).toContainEqual(
      expect.objectContaining({ campo: '/competencia', acao: 'derivado', regra: 'dps.dCompet.derivado.mes_atual' }),
    );
    const virada = computeAdjustments(entrada({}, { competencia: undefined }), empresa(), params(), {
      now: new Date('2026-12-01T02:59:00Z'),
    });
    expect(virada.resolved.competencia).toBe('2026-11');
  });

  it('padrao.codigo_nacional, padrao.nbs, padrao.iss_retido, padrao.aliquota_iss: company defaults filled', () => {
    const e = empresa({
      regime_tributario: 'lucro_real',
      padroes: { codigo_nacional: '010701', nbs: '115021000', iss_retido: true, aliquota_iss: '3.00' },
    });
    const r = computeAdjustments({ competencia: '2026-11', servico: {} }, e, params({ convenio: 'desconhecido' }));
    expect(r.resolved).toMatchObject({
      codigo_nacional: '010701',
      nbs: '115021000',
      iss_retido: true,
      aliquota_iss: '3.00',
    });
    for (const [id, campo] of [
      ['padrao.codigo_nacional', '/servico/codigo_nacional'],
      ['padrao.nbs', '/servico/nbs'],
      ['padrao.iss_retido', '/servico/iss_retido'],
      ['padrao.aliquota_iss', '/servico/aliquota_iss'],
    ]) {
      expect(r.ajustes).toContainEqual(expect.objectContaining({ campo, acao: 'preenchido', regra: id }));
    }
  });

  it('request values win over company defaults', () => {
    const e = empresa({
      regime_tributario: 'lucro_real',
      padroes: { codigo_nacional: '010701', iss_retido: true, aliquota_iss: '3.00' },
    });
    const r = computeAdjustments(entrada({ aliquota_iss: '2.00' }), e, params({ convenio: 'desconhecido' }));
    expect(r.resolved).toMatchObject({ codigo_nacional: '010101', iss_retido: false, aliquota_iss: '2.00' });
    expect(regras(r).filter((x) => x.startsWith('padrao.'))).toEqual([]);
  });

  it('padrao.nbs is not applied when incompatible with the service used', () => {
    const e = empresa({ padroes: { nbs: '101011100' } });
    const r = computeAdjustments(entrada(), e, params());
    expect(r.resolved.nbs).toBeNull();
    expect(regras(r)).not.toContain('padrao.nbs');
  });

  it('dps.tpRetISSQN.nao_retido: no retention without request or default', () => {
    const r = computeAdjustments(entrada({ iss_retido: undefined }), empresa(), params());
    expect(r.resolved.iss_retido).toBe(false);
    expect(regras(r)).toContain('dps.tpRetISSQN.nao_retido');
  });

  it('dps.pAliq.exigido.simples_retido + param.aliquota_iss: official rate filled', () => {
    const e = empresa({ regime_tributario: 'simples_nacional' });
    const r = computeAdjustments(entrada({ iss_retido: true }), e, params({}, { '010101': '2.50' }));
    expect(r.resolved).toMatchObject({ aliquota_iss: '2.50', aliquota_iss_situacao: 'exigida' });
    expect(r.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          campo: '/servico/aliquota_iss',
          acao: 'exigido',
          regra: 'dps.pAliq.exigido.simples_retido',
        }),
        expect.objectContaining({ campo: '/servico/aliquota_iss', acao: 'preenchido', regra: 'param.aliquota_iss' }),
      ]),
    );
  });

  it('param.aliquota_iss is not used when the company default gives the rate', () => {
    const e = empresa({ regime_tributario: 'simples_nacional', padroes: { aliquota_iss: '3.10' } });
    const r = computeAdjustments(entrada({ iss_retido: true }), e, params({}, { '010101': '2.50' }));
    expect(r.resolved.aliquota_iss).toBe('3.10');
    expect(regras(r)).toContain('padrao.aliquota_iss');
    expect(regras(r)).not.toContain('param.aliquota_iss');
  });

  it('required rate without any source: resolved rate is null (validation turns it into aliquota_iss_obrigatoria)', () => {
    const r = computeAdjustments(
      entrada({ iss_retido: true }),
      empresa({ regime_tributario: 'simples_nacional' }),
      params(),
    );
    expect(r.resolved).toMatchObject({ aliquota_iss: null, aliquota_iss_situacao: 'exigida' });
    const v = validar(
      corpo({ servico: servico({ aliquota_iss: undefined, iss_retido: true }) }),
      contexto({ empresa: empresa({ regime_tributario: 'simples_nacional' }), parametros: () => params() }),
    );
    expect(v.erros.map((x) => x.codigo)).toEqual(['aliquota_iss_obrigatoria']);
  });

  it('dps.pAliq.exigido.convenio_inativo: not optante, own-system municipality', () => {
    const r = computeAdjustments(
      entrada(),
      empresa({ regime_tributario: 'lucro_presumido' }),
      params({ convenio: 'proprio' }, { '010101': '5.00' }),
    );
    expect(regras(r)).toEqual(expect.arrayContaining(['dps.pAliq.exigido.convenio_inativo', 'param.aliquota_iss']));
    expect(r.resolved.aliquota_iss).toBe('5.00');
  });

  it('dps.pAliq.omitido.convenio_ativo: not optante in an active convênio, rate sent is omitted', () => {
    const r = computeAdjustments(
      entrada({ aliquota_iss: '2.00' }),
      empresa({ regime_tributario: 'lucro_presumido' }),
      params({ convenio: 'nacional' }),
    );
    expect(r.resolved.aliquota_iss).toBeNull();
    expect(r.ajustes).toContainEqual(
      expect.objectContaining({
        campo: '/servico/aliquota_iss',
        acao: 'omitido',
        regra: 'dps.pAliq.omitido.convenio_ativo',
      }),
    );
  });

  it('dps.pAliq.omitido.mei and dps.pAliq.omitido.simples_sem_retencao', () => {
    const mei = computeAdjustments(entrada({ aliquota_iss: '2.00' }), empresa({ regime_tributario: 'mei' }), params());
    expect(regras(mei)).toContain('dps.pAliq.omitido.mei');
    expect(mei.resolved.aliquota_iss).toBeNull();
    const sn = computeAdjustments(
      entrada({ aliquota_iss: '2.00' }),
      empresa({ regime_tributario: 'simples_nacional' }),
      params(),
    );
    expect(regras(sn)).toContain('dps.pAliq.omitido.simples_sem_retencao');
    // Nothing to omit → no adjustment.
    const semAliq = computeAdjustments(entrada(), empresa({ regime_tributario: 'mei' }), params());
    expect(regras(semAliq)).not.toContain('dps.pAliq.omitido.mei');
  });

  it('situacaoAliquota follows the Anexo I matrix', () => {
    const s = (
      regime: Parameters<typeof situacaoAliquota>[0]['regime'],
      issRetido: boolean,
      convenio: 'nacional' | 'proprio' | 'desconhecido',
      ap?: '1' | '2' | '3',
    ) => situacaoAliquota({ regime, issRetido, convenio, regimeApuracaoSimples: ap }).situacao;
    expect(s('simples_nacional', true, 'nacional')).toBe('exigida');
    expect(s('simples_nacional', true, 'proprio')).toBe('exigida');
    expect(s('simples_nacional', false, 'proprio')).toBe('proibida');
    expect(s('simples_nacional', false, 'nacional', '2')).toBe('proibida');
    expect(s('simples_nacional', false, 'proprio', '3')).toBe('exigida');
    expect(s('lucro_real', false, 'desconhecido')).toBe('livre');
    expect(s(null, true, 'nacional')).toBe('livre');
  });

  it('dps.locPrest.derivado.obra: obra municipality is the place of service and of incidence', () => {
    const lookup = (ibge: string) =>
      params(
        {
          ibge,
          nome: ibge === '3304557' ? 'Rio de Janeiro' : 'São Paulo',
          uf: ibge === '3304557' ? 'RJ' : 'SP',
          convenio: ibge === '3304557' ? 'proprio' : 'nacional',
        },
        ibge === '3304557' ? { '070201': '3.00' } : {},
      );
    const r = computeAdjustments(
      entrada({ codigo_nacional: '070201', obra: { municipio: '3304557' } }),
      empresa(),
      lookup,
    );
    expect(r.resolved).toMatchObject({
      municipio_prestacao: '3304557',
      municipio_incidencia: '3304557',
      convenio_incidencia: 'proprio',
      aliquota_iss: '3.00',
    });
    expect(r.ajustes).toContainEqual(
      expect.objectContaining({
        campo: '/servico/municipio_prestacao',
        acao: 'derivado',
        regra: 'dps.locPrest.derivado.obra',
      }),
    );
  });

  it('dps.locPrest.derivado.estabelecimento: no place given → provider municipality; an explicit place is kept', () => {
    const r = computeAdjustments(entrada(), empresa(), params());
    expect(r.resolved.municipio_prestacao).toBe('3550308');
    expect(regras(r)).toContain('dps.locPrest.derivado.estabelecimento');
    const explicito = computeAdjustments(entrada({ municipio_prestacao: '3304557' }), empresa(), params());
    expect(explicito.resolved.municipio_prestacao).toBe('3304557');
    // 01.01.01 is due where the provider is established, not where it was provided.
    expect(explicito.resolved.municipio_incidencia).toBe('3550308');
    expect(regras(explicito)).not.toContain('dps.locPrest.derivado.estabelecimento');
  });

  it('dps.prest.IM.omitido: municipality refuses the municipal registration', () => {
    const r = computeAdjustments(
      entrada({}, { prestador: { inscricao_municipal: '12345' } }),
      empresa(),
      params({ inscricaoMunicipal: 'omitir' }),
    );
    expect(r.resolved.inscricao_municipal).toBeNull();
    expect(r.ajustes).toContainEqual(
      expect.objectContaining({
        campo: '/prestador/inscricao_municipal',
        acao: 'omitido',
        regra: 'dps.prest.IM.omitido',
      }),
    );
    const aceita = computeAdjustments(
      entrada({}, { prestador: { inscricao_municipal: '12345' } }),
      empresa(),
      params(),
    );
    expect(aceita.resolved.inscricao_municipal).toBe('12345');
    expect(regras(aceita)).not.toContain('dps.prest.IM.omitido');
  });

  it('cadastro.inscricao_municipal: filled from the company registration', () => {
    const r = computeAdjustments(entrada(), empresa({ inscricao_municipal: '998877' }), params());
    expect(r.resolved.inscricao_municipal).toBe('998877');
    expect(regras(r)).toContain('cadastro.inscricao_municipal');
  });

  it('every ajuste carries campo (JSON Pointer), acao, motivo and a catalogued regra', () => {
    const e = empresa({
      regime_tributario: 'simples_nacional',
      inscricao_municipal: '1',
      padroes: { codigo_nacional: '010101' },
    });
    const r = computeAdjustments({ servico: { iss_retido: true } }, e, params({}, { '010101': '2.00' }), {
      now: AGORA,
    });
    expect(r.ajustes.length).toBeGreaterThan(3);
    for (const a of r.ajustes) {
      expect(a.campo).toMatch(/^\//);
      expect(['preenchido', 'omitido', 'derivado', 'exigido']).toContain(a.acao);
      expect(a.motivo.length).toBeGreaterThan(10);
      expect(regra(a.regra), a.regra).not.toBeNull();
    }
  });

  it('uses the shipped table by default (São Paulo: own system, IT rate 2.90)', () => {
    const r = computeAdjustments(entrada({ iss_retido: true }), empresa({ regime_tributario: 'simples_nacional' }));
    expect(r.resolved).toMatchObject({ convenio_incidencia: 'proprio', aliquota_iss: '2.90' });
  });
});
