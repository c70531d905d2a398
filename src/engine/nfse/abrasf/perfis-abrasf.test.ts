import { describe, expect, it } from 'vitest';
import { provedorMunicipio, todosProvedoresMunicipio } from '../../tabelas/provedor-municipio.js';
import { SISTEMA_ABRASF } from '../provedores/sistema-abrasf.js';
import { PERFIS_ABRASF, perfilAbrasf, perfilAbrasfDoMunicipio } from './perfis-abrasf.js';
import { atributoIdAbrasf } from './perfil-abrasf.js';

const row = (ibge: string) => provedorMunicipio(ibge)!;

/** Every municipality the provider table gives to EloTech 2.03, whatever its route. */
const MUNICIPIOS_ELOTECH = todosProvedoresMunicipio()
  .filter((p) => p.familia === 'EloTech' && p.versao === '2.03')
  .map((p) => p.ibge);

describe('ABRASF profiles from the provider table', () => {
  it("a municipality's profile is its family's, with the table's URLs and its own adjustments", () => {
    const brasilia = perfilAbrasfDoMunicipio('5300108')!;
    expect(brasilia).toMatchObject({ familia: 'ISSNet', versao: '2.04', nome: 'Brasília/DF', fonteAjuste: null });
    expect(brasilia.endpoints).toEqual(row('5300108').urls);
    expect(brasilia.emissao).toBe('RecepcionarLoteRpsSincrono');
    expect(perfilAbrasfDoMunicipio('3543402')).toMatchObject({ familia: 'ISSNet', emissao: 'GerarNfse' });
    const campinas = perfilAbrasfDoMunicipio('3509502')!;
    expect(campinas).toMatchObject({ familia: 'DSF', versao: '2.03', namespaceDados: null, mensagem: 'elementos' });
    expect(campinas.esquema).toBe('dsf/2.03-isscampinas/acbr/nfse.xsd');
    expect(perfilAbrasfDoMunicipio('1501402')!.esquema).toBe('dsf/2.03/acbr/nfse.xsd');
    // WebISS 2.02: the ABRASF WSDL's wire with the 2.02 header and the 2.00–2.03 elements.
    expect(perfilAbrasfDoMunicipio('2910800')).toMatchObject({
      familia: 'WebISS',
      versao: '2.02',
      nome: 'Feira de Santana/BA',
      esquema: 'webiss/2.02/acbr/nfse.xsd',
      soapAction: 'http://nfse.abrasf.org.br/{operacao}',
      envoltorio: '{operacao}Request',
      cabecalho: { versao: '2.02', versaoDados: '2.02' },
      elementos: { tomador: 'Tomador', prestadorDoLote: 'CpfCnpj' },
      endpoints: row('2910800').urls,
    });
    // EL 2.04: the 2.04 template with the wrapper nested in another.
    expect(perfilAbrasfDoMunicipio('2611101')).toMatchObject({
      familia: 'EL',
      versao: '2.04',
      envoltorio: '{operacao}/{operacao}Request',
      elementos: { tomador: 'TomadorServico', prestadorDoLote: 'Prestador' },
    });
  });

  it('Fiorilli 2.00/2.01 and Tributus 2.04: the credentials each family asks and where they go', () => {
    expect(perfilAbrasfDoMunicipio('5220454')).toMatchObject({
      familia: 'Fiorilli',
      versao: '2.00',
      esquema: 'fiorilli/2.00/acbr/nfse.xsd',
      elementos: { tomador: 'Tomador', prestadorDoLote: 'CpfCnpj', codigoNbs: false },
      credenciais: { exigidas: ['usuario', 'senha'], elementos: { usuario: 'username', senha: 'password' } },
    });
    expect(perfilAbrasfDoMunicipio('1100064')).toMatchObject({ familia: 'Fiorilli', versao: '2.01' });
    const tributus = perfilAbrasfDoMunicipio('2613701')!;
    expect(tributus).toMatchObject({ atributoId: 'id', credenciais: { exigidas: ['token'] } });
    expect(tributus.incertos).toContain('credenciais');
    // Fiorilli rows of the national layout (1.00/1.01) are not this profile's.
    const nacional = { ...row('5220454'), versao: '1.01' };
    expect(perfilAbrasf(nacional)).toBeNull();
  });

  it('EloTech 2.03: its 62 municipalities of the table served, the password inside every message, nothing signed', () => {
    const elotech = perfilAbrasfDoMunicipio('4119905')!;
    expect(elotech).toMatchObject({
      familia: 'EloTech',
      versao: '2.03',
      nome: 'Ponta Grossa/PR',
      esquema: 'elotech/2.03/acbr/nfse_v2_03.xsd',
      mensagem: 'corpo',
      soapAction: '',
      atributoId: null,
      emissao: 'RecepcionarLoteRpsSincrono',
      assinaturas: { rps: false, lote: false, cancelamento: false, substituicao: false },
      credenciais: { exigidas: ['senha'], requerente: { elemento: 'IdentificacaoRequerente' } },
      endpoints: row('4119905').urls,
    });
    expect(elotech.operacoes).not.toContain('GerarNfse');
    const servidos = MUNICIPIOS_ELOTECH.filter((ibge) => SISTEMA_ABRASF.serves(row(ibge)));
    expect(servidos).toHaveLength(62);
    expect(SISTEMA_ABRASF.captura?.municipios).toContain('4119905');
  });

  it('serves only a route abrasf 2.00–2.04 row whose family, version and provider a profile describes', () => {
    for (const ibge of ['5300108', '5208707', '3543402', '1501402', '3509502', '2910800', '2800308', '2611101'])
      expect(SISTEMA_ABRASF.serves(row(ibge)), ibge).toBe(true);
    // Campo Grande: DSF 2.03 family, but the ISSDSF variant (its own profile, picked by the provider's name).
    expect(perfilAbrasf(row('5002704'))).toMatchObject({ familia: 'DSF', provedores: ['ISSDSF'] });
    // Giss, Tinus, Fisco and Sintese: Maceió, Jaboatão dos Guararapes, Paulo Afonso, Janaúba.
    for (const ibge of ['2704302', '2607901', '2924009', '3135100'])
      expect(SISTEMA_ABRASF.serves(row(ibge)), ibge).toBe(true);
    // Guarabira: Elmar 2.02, no profile (no schema of the family in the data directory).
    expect(SISTEMA_ABRASF.serves(row('2506301'))).toBe(false);
    // An ISSNet 2.04 row the table routes elsewhere is not served.
    expect(SISTEMA_ABRASF.serves({ ...row('5300108'), rota: 'nacional' })).toBe(false);
    expect(SISTEMA_ABRASF.captura?.municipios).toEqual(expect.arrayContaining(['5300108', '1501402', '2910800']));
    expect(SISTEMA_ABRASF.captura?.municipios).not.toContain('2506301');
    // Tinus offers no query of the services taken.
    expect(SISTEMA_ABRASF.captura?.municipios).not.toContain('2607901');
  });

  it('IPM 2.04: no identifier attribute, so no signature; HTTP Basic credentials; received notes by the schema’s query of the services taken', () => {
    const ipm = perfilAbrasfDoMunicipio('4313409')!;
    expect(ipm).toMatchObject({
      familia: 'IPM',
      versao: '2.04',
      nome: 'Novo Hamburgo/RS',
      esquema: 'ipm/2.04/acbr/nfse_rt.xsd',
      atributoId: null,
      credenciais: { exigidas: ['usuario', 'senha'], autorizacaoHttp: 'basic' },
    });
    expect(SISTEMA_ABRASF.serves(row('4313409'))).toBe(true);
    expect(SISTEMA_ABRASF.captura?.municipios).toContain('4313409');
    expect(ipm.incertos).toContain('operacoes');
    // IPM 1.01 (Ituporanga) is IPM's own layout, not this profile's.
    expect(perfilAbrasf(row('4208500'))).toBeNull();
  });

  it('a family whose elements carry no identifier asks for no signature (a Reference would point at nothing)', () => {
    for (const perfil of PERFIS_ABRASF)
      if (atributoIdAbrasf(perfil) === null)
        expect(Object.values(perfil.assinaturas), `${perfil.familia} ${perfil.versao}`).not.toContain(true);
    expect(PERFIS_ABRASF.some((p) => atributoIdAbrasf(p) === null)).toBe(true);
  });
});
