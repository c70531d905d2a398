import { describe, expect, it } from 'vitest';
import { SISTEMA_ABRASF } from './sistema-abrasf.js';
import { SISTEMA_ABRASF_1 } from './sistema-abrasf-1.js';
import { SISTEMA_NACIONAL } from './sistema-nacional.js';
import { SISTEMA_SAO_PAULO } from './sistema-sao-paulo.js';
import { sistemaOf, SISTEMAS_PROPRIOS } from './sistemas-proprios.js';
import { decideRotaNfse, type AdesaoConhecida } from './decide-rota-nfse.js';

const ato = (convenio: AdesaoConhecida['convenio']): AdesaoConhecida => ({
  convenio,
  convenioOrigem: 'ato',
  convenioConhecido: true,
  convenioFonte: 'ato municipal de teste',
  convenioDesde: null,
  consultadoEm: null,
});

const SAO_PAULO = '3550308';
const BRASILIA = '5300108';

describe('the issuing systems', () => {
  it('a municipality issues through the system that serves its decided route, and through none where none does', () => {
    const rota = (ibge: string, adesao: AdesaoConhecida | null, rotaEmpresa: string | null = null) =>
      decideRotaNfse({ ibge, adesao, rotaEmpresa, dia: '2026-11-29' });
    expect(sistemaOf(rota(SAO_PAULO, ato('proprio')))).toBe(SISTEMA_SAO_PAULO);
    expect(sistemaOf(rota(BRASILIA, ato('proprio')))).toBe(SISTEMA_ABRASF);
    expect(sistemaOf(rota(BRASILIA, null))).toBe(SISTEMA_ABRASF);
    expect(sistemaOf(rota(SAO_PAULO, ato('nacional')))).toBe(SISTEMA_NACIONAL);
    expect(sistemaOf(rota(SAO_PAULO, ato('proprio'), 'nacional'))).toBe(SISTEMA_NACIONAL);
    expect(sistemaOf(rota('3304557', null))).toBe(SISTEMA_NACIONAL);
    // An act saying own system where the table has none: no system, never the national one.
    expect(sistemaOf(rota('3304557', ato('proprio')))).toBeNull();
    // Fortaleza (ISS Fortaleza) and Guarulhos (Ginfes v3): the ABRASF 1.00 families.
    expect(sistemaOf(rota('2304400', null))).toBe(SISTEMA_ABRASF_1);
    expect(sistemaOf(rota('3518800', null))).toBe(SISTEMA_ABRASF_1);
    // Juazeiro do Norte: SpeedGov's ABRASF 1.00 rows; Grajaú's SpeedGov row is its national layout, not this system.
    expect(sistemaOf(rota('2307304', null))).toBe(SISTEMA_ABRASF_1);
    // Salvador: ISSSalvador's own ABRASF 1.00 package.
    expect(sistemaOf(rota('2927408', null))).toBe(SISTEMA_ABRASF_1);
    expect(sistemaOf(rota('2104800', null))).not.toBe(SISTEMA_ABRASF_1);
    // Caucaia: no provider known.
    expect(sistemaOf(rota('2303709', null))).toBeNull();
  });

  it('each names the failed transmission the user checks with it', () => {
    expect(SISTEMA_NACIONAL.failureAdvice(true)).toBe('A DPS não chegou ao sistema nacional: é seguro emitir de novo.');
    expect(SISTEMA_NACIONAL.failureAdvice(false)).toBe(
      'Confira no emissor nacional se a nota existe antes de emitir de novo.',
    );
    expect(SISTEMA_SAO_PAULO.failureAdvice(true)).toBe(
      'O documento não chegou: a Prefeitura de São Paulo não o recebeu, é seguro emitir de novo.',
    );
    expect(SISTEMA_ABRASF.failureAdvice(false)).toBe(
      'Confira com o sistema ABRASF do município se a nota existe antes de emitir de novo.',
    );
  });

  it('São Paulo asks the company for its CCM and its service code, EL 1.00 for its e-mail; the others ask nothing of readiness', () => {
    expect(
      SISTEMA_SAO_PAULO.readinessItems({
        municipio: '3550308',
        inscricaoMunicipal: '31000000',
        padroes: { codigo_municipal: '02658' },
        email: null,
      }),
    ).toEqual([]);
    expect(
      SISTEMA_SAO_PAULO.readinessItems({ municipio: '3550308', inscricaoMunicipal: null, padroes: {}, email: null }),
    ).toEqual([
      {
        item: 'padroes_emissao',
        situacao: 'aviso',
        mensagem:
          'As notas vão para a NFS-e Paulistana, que exige inscricao_municipal (CCM) e padroes.codigo_municipal (código de serviço de São Paulo).',
        correcao:
          'Cadastre-os na empresa, ou envie prestador.inscricao_municipal e servico.codigo_municipal em cada nota.',
      },
    ]);
    expect(
      SISTEMA_ABRASF.readinessItems({ municipio: '2910800', inscricaoMunicipal: null, padroes: {}, email: null }),
    ).toEqual([]);
    // EL 1.00's own RPS carries the company's e-mail: Una/BA without one is blocked, with one asks nothing.
    const una = (email: string | null) =>
      SISTEMA_ABRASF.readinessItems({ municipio: '2932507', inscricaoMunicipal: '0712345', padroes: {}, email });
    expect(una(null)).toEqual([
      expect.objectContaining({
        item: 'email_empresa',
        situacao: 'bloqueio',
        mensagem: expect.stringMatching(/EL \(EL 1\.00\).*DadosPrestador\/Contato\/Email/),
      }),
    ]);
    expect(una('fiscal@prestador.com.br')).toEqual([]);
    expect(
      SISTEMA_NACIONAL.readinessItems({ municipio: '3550308', inscricaoMunicipal: null, padroes: {}, email: null }),
    ).toEqual([]);
  });

  it('ISSSalvador announces the NBS and IBS/CBS defaults its RPS require; the other 1.00 families ask nothing', () => {
    const salvador = (padroes: { [k: string]: string | { [k: string]: string } }) =>
      SISTEMA_ABRASF_1.readinessItems({ municipio: '2927408', inscricaoMunicipal: '123', padroes, email: null });
    expect(salvador({})).toEqual([
      expect.objectContaining({
        item: 'padroes_emissao',
        situacao: 'aviso',
        mensagem: expect.stringMatching(/ISS Salvador.*padroes\.nbs.*c_class_trib.*indicador_operacao/),
      }),
    ]);
    expect(salvador({ nbs: '115021000', ibs_cbs: { c_class_trib: '000001', indicador_operacao: '030101' } })).toEqual(
      [],
    );
    expect(
      SISTEMA_ABRASF_1.readinessItems({ municipio: '2304400', inscricaoMunicipal: null, padroes: {}, email: null }),
    ).toEqual([]);
  });

  it('received notes are captured from São Paulo and from the ABRASF cities that offer the query', () => {
    // ABRASF 1.00 and the providers that take the national DPS offer no query of received notes here (the ADN
    // distribution has the latter's).
    expect(SISTEMAS_PROPRIOS.map((s) => s.captura?.fonte)).toEqual([
      'PREFEITURA_SP',
      'PREFEITURA_ABRASF',
      undefined,
      undefined,
    ]);
    expect(SISTEMA_SAO_PAULO.captura?.municipios).toEqual([SAO_PAULO]);
    expect(SISTEMA_ABRASF.captura?.municipios).toContain(BRASILIA);
    // IPM's schema has ConsultarNfseServicoTomadoEnvio; Tinus's and MegaSoft's have no query a taker can use.
    expect(SISTEMA_ABRASF.captura?.municipios).toEqual(expect.arrayContaining(['4313409', '4119905', '1502004']));
    for (const semConsulta of ['2607901', '5220603'])
      expect(SISTEMA_ABRASF.captura?.municipios).not.toContain(semConsulta);
    expect(SISTEMA_NACIONAL.captura).toBeNull();
  });
});
