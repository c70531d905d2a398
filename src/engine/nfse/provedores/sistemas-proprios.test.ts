import { describe, expect, it } from 'vitest';
import { SISTEMA_ABRASF } from './sistema-abrasf.js';
import { SISTEMA_ABRASF_1 } from './sistema-abrasf-1.js';
import { SISTEMA_NACIONAL } from './sistema-nacional.js';
import { SISTEMA_SAO_PAULO } from './sistema-sao-paulo.js';
import { sistemaOf, SISTEMAS_PROPRIOS } from './sistemas-proprios.js';

const SAO_PAULO = '3550308';
const BRASILIA = '5300108';

describe('the issuing systems', () => {
  it('a municipality issues through the own system that serves it only where it issues on its own', () => {
    expect(sistemaOf({ ibge: SAO_PAULO, convenio: 'proprio' })).toBe(SISTEMA_SAO_PAULO);
    expect(sistemaOf({ ibge: BRASILIA, convenio: 'proprio' })).toBe(SISTEMA_ABRASF);
    expect(sistemaOf({ ibge: SAO_PAULO, convenio: 'nacional' })).toBe(SISTEMA_NACIONAL);
    expect(sistemaOf({ ibge: '3304557', convenio: 'proprio' })).toBe(SISTEMA_NACIONAL);
    // Fortaleza (ISS Fortaleza) and Guarulhos (Ginfes v3): the ABRASF 1.00 families.
    expect(sistemaOf({ ibge: '2304400', convenio: 'proprio' })).toBe(SISTEMA_ABRASF_1);
    expect(sistemaOf({ ibge: '3518800', convenio: 'proprio' })).toBe(SISTEMA_ABRASF_1);
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

  it('São Paulo asks the company for its CCM and its service code; the others ask nothing of readiness', () => {
    expect(
      SISTEMA_SAO_PAULO.readinessItems({ inscricaoMunicipal: '31000000', padroes: { codigo_municipal: '02658' } }),
    ).toEqual([]);
    expect(SISTEMA_SAO_PAULO.readinessItems({ inscricaoMunicipal: null, padroes: {} })).toEqual([
      {
        item: 'padroes_emissao',
        situacao: 'aviso',
        mensagem:
          'As notas vão para a NFS-e Paulistana, que exige inscricao_municipal (CCM) e padroes.codigo_municipal (código de serviço de São Paulo).',
        correcao:
          'Cadastre-os na empresa, ou envie prestador.inscricao_municipal e servico.codigo_municipal em cada nota.',
      },
    ]);
    expect(SISTEMA_ABRASF.readinessItems({ inscricaoMunicipal: null, padroes: {} })).toEqual([]);
    expect(SISTEMA_NACIONAL.readinessItems({ inscricaoMunicipal: null, padroes: {} })).toEqual([]);
  });

  it('received notes are captured from São Paulo and from the ABRASF cities that offer the query', () => {
    expect(SISTEMAS_PROPRIOS.map((s) => s.captura?.fonte)).toEqual(['PREFEITURA_SP', 'PREFEITURA_ABRASF', undefined]);
    expect(SISTEMA_SAO_PAULO.captura?.municipios).toEqual([SAO_PAULO]);
    expect(SISTEMA_ABRASF.captura?.municipios).toContain(BRASILIA);
    expect(SISTEMA_NACIONAL.captura).toBeNull();
  });
});
