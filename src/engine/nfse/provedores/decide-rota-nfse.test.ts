import { describe, expect, it } from 'vitest';
import { decideRotaNfse, type AdesaoConhecida } from './decide-rota-nfse.js';

const DIA = '2026-11-29';
const adesao = (over: Partial<AdesaoConhecida>): AdesaoConhecida => ({
  convenio: 'nacional',
  convenioOrigem: 'ato',
  convenioConhecido: true,
  convenioFonte: 'Decreto municipal de teste',
  convenioDesde: null,
  consultadoEm: null,
  ...over,
});
const decide = (ibge: string, a: AdesaoConhecida | null = null, rotaEmpresa: string | null = null, dia = DIA) =>
  decideRotaNfse({ ibge, adesao: a, rotaEmpresa, dia });

describe('the route of a municipality', () => {
  it('comes from the provider table row, with its confidence, source and date', () => {
    const rio = decide('3304557');
    expect(rio).toMatchObject({ rota: 'nacional', origem: 'tabela', confianca: 'oficial', escolhaContraTabela: false });
    const feira = decide('2910800');
    expect(feira).toMatchObject({ rota: 'abrasf', origem: 'tabela', confianca: 'terceiros', data: '2024-01-13' });
    expect(feira.provedor).toMatchObject({ nome: 'WebISS', familia: 'WebISS', versao: '2.02', rota: 'abrasf' });
    expect(feira.fonte).toContain('ACBrNFSeXServicos.ini');
    expect(decide('2927408')).toMatchObject({ rota: 'abrasf', provedor: { familia: 'ISSSalvador', versao: '1.00' } });
    expect(decide('2303709')).toMatchObject({
      rota: 'desconhecido',
      confianca: 'desconhecida',
      provedor: { nome: null },
    });
    // A code no table lists.
    expect(decide('9999999')).toMatchObject({ rota: 'desconhecido', confianca: 'desconhecida' });
  });

  it('an act or the national API stating the convênio overrides the table', () => {
    const nacional = decide('2910800', adesao({ convenio: 'nacional' }));
    expect(nacional).toMatchObject({
      rota: 'nacional',
      rotaTabela: 'abrasf',
      origem: 'ato',
      confianca: 'oficial',
      fonte: 'Decreto municipal de teste',
    });
    expect(
      decide(
        '2910800',
        adesao({ convenio: 'nacional', convenioOrigem: 'cache', consultadoEm: '2026-11-20T10:00:00.000Z' }),
      ),
    ).toMatchObject({ rota: 'nacional', origem: 'api', data: '2026-11-20' });
    // Own system by act where the table has the national one: São Paulo's Paulistana, elsewhere nothing known.
    expect(decide('3550308', adesao({ convenio: 'proprio' }))).toMatchObject({ rota: 'sao_paulo', origem: 'ato' });
    expect(decide('3550308')).toMatchObject({ rota: 'nacional', origem: 'tabela' });
    expect(decide('3304557', adesao({ convenio: 'proprio', convenioOrigem: 'api' }))).toMatchObject({
      rota: 'desconhecido',
      origem: 'api',
    });
    // An own system where the table already places one keeps the table's provider.
    expect(decide('2910800', adesao({ convenio: 'proprio' }))).toMatchObject({ rota: 'abrasf', origem: 'tabela' });
  });

  it('our survey without an act decides nothing', () => {
    expect(
      decide('2910800', adesao({ convenio: 'nacional', convenioOrigem: 'levantamento', convenioConhecido: false })),
    ).toMatchObject({ rota: 'abrasf', origem: 'tabela' });
    expect(
      decide('3304557', adesao({ convenio: 'proprio', convenioOrigem: 'levantamento', convenioConhecido: false })),
    ).toMatchObject({ rota: 'nacional', origem: 'tabela' });
  });

  it('an act with a start date applies from that day', () => {
    const ato = adesao({ convenio: 'nacional', convenioDesde: '2027-01-01' });
    expect(decide('2910800', ato, null, '2026-12-31')).toMatchObject({ rota: 'abrasf', origem: 'tabela' });
    expect(decide('2910800', ato, null, '2027-01-01')).toMatchObject({
      rota: 'nacional',
      origem: 'ato',
      data: '2027-01-01',
    });
  });

  it("the company's choice of the national system wins, and says when it goes against the data", () => {
    const contra = decide('2910800', null, 'nacional');
    expect(contra).toMatchObject({
      rota: 'nacional',
      rotaDados: 'abrasf',
      origem: 'empresa',
      escolhaContraTabela: true,
    });
    expect(contra.provedor.rota).toBe('nacional');
    expect(decide('3304557', null, 'nacional')).toMatchObject({ rota: 'nacional', escolhaContraTabela: false });
    expect(decide('3550308', adesao({ convenio: 'proprio' }), 'nacional')).toMatchObject({
      rota: 'nacional',
      rotaDados: 'sao_paulo',
      escolhaContraTabela: true,
    });
  });
});
