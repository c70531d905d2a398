import { describe, expect, it } from 'vitest';
import { abrasfEnvelope, abrasfUrl, soapString } from './call-abrasf.js';
import { perfilAbrasfDoMunicipio } from './perfis-abrasf.js';

const DADOS = '<GerarNfseEnvio xmlns="http://www.abrasf.org.br/nfse.xsd"><Rps/></GerarNfseEnvio>';
/** The element names of a SOAP body, in document order, without prefixes. */
const nomes = (xml: string) => [...xml.matchAll(/<(?:[\w.-]+:)?([\w.-]+)[\s>]/g)].map((m) => m[1]);

describe('abrasfEnvelope', () => {
  it('WebISS 2.02 (Feira de Santana): <Op>Request with the 2.02 header and the message in CDATA', () => {
    const xml = abrasfEnvelope(perfilAbrasfDoMunicipio('2910800')!, 'GerarNfse', DADOS);
    expect(nomes(xml).slice(0, 4)).toEqual(['Envelope', 'Body', 'GerarNfseRequest', 'nfseCabecMsg']);
    expect(xml).toContain(`<nfseDadosMsg><![CDATA[${DADOS}]]></nfseDadosMsg>`);
    expect(soapString(xml, 'nfseCabecMsg')).toContain('versao="2.02"><versaoDados>2.02</versaoDados>');
  });

  it('EL 2.04 (Petrolina): the operation wrapper nested in another, closed in reverse order', () => {
    const xml = abrasfEnvelope(perfilAbrasfDoMunicipio('2611101')!, 'CancelarNfse', DADOS);
    expect(nomes(xml).slice(0, 5)).toEqual(['Envelope', 'Body', 'CancelarNfse', 'CancelarNfseRequest', 'nfseCabecMsg']);
    expect(xml).toContain('<ws:CancelarNfse xmlns:ws="http://nfse.abrasf.org.br"><ws:CancelarNfseRequest>');
    expect(xml).toContain('</nfseDadosMsg></ws:CancelarNfseRequest></ws:CancelarNfse></soap:Body>');
    expect(soapString(xml, 'nfseDadosMsg')).toBe(DADOS);
  });

  it('ISSNet 2.04 (Brasília) keeps a single wrapper and escaped strings', () => {
    const xml = abrasfEnvelope(perfilAbrasfDoMunicipio('5300108')!, 'GerarNfse', DADOS);
    expect(nomes(xml).slice(0, 4)).toEqual(['Envelope', 'Body', 'GerarNfseRequest', 'nfseCabecMsg']);
    expect(xml).toContain('<nfseDadosMsg>&lt;GerarNfseEnvio');
  });

  it('Fiorilli 2.00 (Senador Canedo): the message inline in <gerarNfse>, then the login and password, escaped', () => {
    const perfil = perfilAbrasfDoMunicipio('5220454')!;
    const xml = abrasfEnvelope(perfil, 'ConsultarNfsePorRps', DADOS, { usuario: 'login', senha: 'a<b&c' });
    expect(nomes(xml).slice(0, 4)).toEqual(['Envelope', 'Body', 'consultarNfsePorRps', 'GerarNfseEnvio']);
    expect(xml).toContain('<ws:consultarNfsePorRps xmlns:ws="http://ws.issweb.fiorilli.com.br/">');
    expect(xml).toContain(
      `${DADOS}<username>login</username><password>a&lt;b&amp;c</password></ws:consultarNfsePorRps>`,
    );
    expect(abrasfUrl('http://city/IssWebWS', perfil, { usuario: 'login', senha: 'x' })).toBe('http://city/IssWebWS');
  });

  it('Tributus 2.04 (São Lourenço da Mata): the token as the URL parameter tokenAuth, never in the body', () => {
    const perfil = perfilAbrasfDoMunicipio('2613701')!;
    const xml = abrasfEnvelope(perfil, 'GerarNfse', DADOS, { token: 'tok&1' });
    expect(xml).not.toContain('tok');
    expect(nomes(xml).slice(0, 3)).toEqual(['Envelope', 'Body', 'GerarNfseRequest']);
    expect(xml).toContain('xmlns:ws="https://tributosmunicipais.com.br/nfse/api/"');
    expect(abrasfUrl('https://www.tributosmunicipais.com.br/nfse/api/', perfil, { token: 'tok&1' })).toBe(
      'https://www.tributosmunicipais.com.br/nfse/api/?tokenAuth=tok%261',
    );
  });
});
